# skatebot の共通の言葉：エラー、どのコマンドでも使うボタンとメニュー、ボット自身。
# { $… } の値はコードが入れます。ユーザーが入力した文字列は、引用・エスケープ済みで届きます。

list-separator = 、

## エラー (bot/errors.py, bot/discord_layer/ui/errors.py)
error-not-in-store = { $missing }はデータにありません。
error-not-in-store-has = { $missing }はデータにありません。データにあるもの：{ $listing }
error-no-match = { $query }に一致する{ $what }はありません。
error-no-match-suggest = { $query }に一致する{ $what }はありません。もしかして：{ $listing }
error-ambiguous = { $query }に当てはまる{ $plural }が複数あります：{ $listing }。下から1つ選ぶか、名前をもう少し入力してください。
error-unexpected = こちら側で問題が発生しました（エラーコード `{ $code }`）。ボットのオーナーにお知らせください。
error-store-busy = データが使用中です。別のプログラム（インポート）がしばらく書き込みを続けているため、何も保存されませんでした。1分ほどしてからもう一度お試しください。
error-store-lost = 処理の途中でデータのサーバーとの接続が切れました（再起動中かもしれません）。何も保存されていません。少ししてからもう一度お試しください。
error-store-lost-unsure = 保存の途中でデータのサーバーとの接続が切れたため、保存されていない可能性があります。確認して、保存されていなければもう一度お試しください。
error-guild-only = このコマンドはサーバー内でのみ使えます。
error-needs-bot-server = この操作は skatebot を追加したサーバー内でのみ使えます。ここでは共有ライブラリを読めます（`/story show`・`/story search`）。
error-cooldown = 少し間をおいてください。{ $seconds }秒後にもう一度お試しください。
error-missing-permissions = この操作には「{ $permissions }」の権限が必要です。
error-bot-missing-permissions = このチャンネルでボットに「{ $permissions }」の権限が必要です。
error-form-expired = フォームを開いている時間が長すぎた（または途中で skatebot が再起動した）ため、何も保存されませんでした。もう一度開いてください。
error-check-failed = このコマンドはここでは使えません。
error-bad-option = このオプションでは { $value } を読み取れませんでした。
error-unstorable-text = 保存も検索もできない文字（絵文字の片割れ、または NUL 文字）が含まれているため、何も保存されませんでした。その文字を除いてもう一度入力してください。
error-unstorable-number = この操作の数値が大きすぎて、保存されているどのデータにも当たらないため、何も保存・検索されませんでした。
error-component-expired = このボタンは期限切れです（skatebot が再起動したか、しばらく時間がたちました）。何も実行されていません。もう一度コマンドを実行してください。

## 持ち主だけが使えるボタンとメニュー (bot/discord_layer/ui/paging.py, bot/discord_layer/ui/pick.py)
not-your-buttons = このボタンはコマンドを実行した人だけが使えます。ページを切り替えるには、ご自身でコマンドを実行してください。
# The buttons of a paged answer (bot/discord_layer/ui/paging.py), in the asker's words.
page-previous = 前へ
page-next = 次へ
not-your-menu = ここで選べるのはコマンドを実行した人だけです。ご自身でコマンドを実行してください。
pick-placeholder = 1つ選ぶと、それでコマンドを実行します

## ボット自身
no-token = Discord のトークンがありません。環境変数または .env で DISCORD_TOKEN を設定するか（.env.example を参照）、`skatebot sandbox` でボットをローカルで試してください。
pong = Pong! ゲートウェイのレイテンシは { $latency_ms } ms です。

## 数の言い方
# 日本語の順位は「1位」「2位」：序数の区別はありません。
ordinal = { $n }位
as-recorded = { $words }
