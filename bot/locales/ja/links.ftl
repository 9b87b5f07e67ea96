# モデレーターがストーリーの出典として貼るリンクと、それを受け付けない理由 (bot/services/urls.py)。
# 値：$limit、$length、$port は整数。$scheme と $host はリンクから取り出した文字列（英数字と記号のみと確認済み）。
# $codepoint は U+200B のような形。

## リンク全般
link-empty = リンクが空です。
link-too-long-raw = リンクが長すぎます（{ $limit }文字を超えています）。
link-too-long = リンクが長すぎます（{ $length }文字。上限は{ $limit }文字です）。
link-no-scheme = リンクは http:// または https:// で始めてください。
link-bad-scheme = 使えるのは http:// と https:// のリンクだけです（{ $scheme }: のリンクは使えません）。
link-backslash-authority = リンクのアドレス部分にバックスラッシュは使えません。スラッシュ（/）を使ってください。
link-backslash-path = リンクのパスにバックスラッシュは使えません。スラッシュ（/）を使ってください。
link-credentials = ユーザー名やパスワードを含むリンク（サイト名の前に user:pass@ や user@ があるもの）は使えません。別のサイトに飛ぶリンクに見せかけられるためです。
link-invisible = リンクにスペース、改行、見えない文字・制御文字は使えません（{ $codepoint } が見つかりました）。リンクだけを貼ってください。

## サイト名とポート
link-ipv6-unclosed = リンクの IPv6 アドレスに閉じ括弧 ] がありません。
link-ipv6-trailing = リンクの IPv6 アドレスの後ろに余分な文字があります。
link-ipv6-unbracketed = リンクのサイト名が正しくありません（IPv6 アドレスは [ ] で囲んでください）。
link-ipv6-zone = リンクに IPv6 のゾーン識別子（%… の部分）は使えません。
link-bad-ipv6 = リンクの IPv6 アドレスが正しくありません。
link-bad-ipv4 = リンクのサイト名は IP アドレスのようですが、正しい IP アドレスではありません。
link-port-not-number = リンクのポートは 1 から 65535 までの数字にしてください。
link-port-range = リンクのポート { $port } が範囲外です（1〜65535）。
link-no-host = リンクにサイト名がありません（// とパスの間に何もありません）。
link-host-too-long = リンクのサイト名が長すぎます（最大{ $limit }文字）。
link-empty-label = リンクのサイト名に空の部分があります（ドットが2つ続いているか、先頭がドットです）。
link-label-too-long = リンクのサイト名に{ $limit }文字を超える部分があります。
link-bad-idn = リンクのサイト名が正しい国際化ドメイン名ではありません。
link-bad-host-characters = リンクのサイト名に、ドメインに使えない文字が含まれています。
link-bad-punycode = リンクのサイト名の xn--（Punycode）部分が正しくありません。
# $scripts：link-script-and でつないだ2つ以上の文字体系の名前（「キリル文字とラテン文字」）。
link-mixed-scripts = リンクのサイト名の1つの語に{ $scripts }が混在しています。別サイトの名前をまねるよくある手口です。リンクを確認し、元のリンクを貼ってください。
link-script-and = { $first }と{ $second }
link-script-latin = ラテン文字
link-script-cyrillic = キリル文字
link-script-greek = ギリシャ文字

## ストーリーの出典（誰でも開ける公開ページ）
link-source-ip = 出典は IP アドレスではなく、ドメイン名で公開サイトを示してください。
link-source-private = { $host } は公開サイトではありません。出典は誰でも開けるページにしてください。
link-source-reserved = { $host } は予約された名前で、公開サイトでは使われません。
link-source-too-long = このリンクは{ $length }文字です。出典のリンクは全体を表示できるよう最大{ $limit }文字までです。ページのシンプルなアドレス（トラッキングや共有用のパラメーターを除いたもの）を使ってください。
