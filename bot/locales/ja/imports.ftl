# 結果のインポート (bot/services/importer.py, bot/services/isu, /admin) とボットのオーナー用ツール。
# ファイル名・ページ名、大会名・カテゴリー名、コード、URL はそのまま届きます。引用符付きで示される値（'Men'）は
# 引用符付きで届きます。コマンドラインはこれらのメッセージを英語で表示します。

## What an import changed (ImportReport)
import-up-to-date = { $source }：すでに最新です。変更はありません
import-changed = { $source }：{ $changes }
# One kind of change: "added 3 competitions". $what is a kind of row of the store.
import-change = { $what ->
    [competitions] 大会
    [events] 種目
    [segments] セグメント
    [panels] ジャッジパネル
    [entries] エントリー
    [skaters] 選手
    [aliases] 別表記
    [protocols] 採点詳細
    [notes] 注記
    [segment-results] セグメント結果
    [team-results] 団体戦の結果
    [team-segment-results] 団体戦のセグメント結果
   *[other] { $what }
}{ $count }件を{ $verb ->
    [added] 追加
    [updated] 更新
   *[removed] 削除
}

## A competition an import would change (IdentityChange)
import-identity-change = { $source }：大会 { $key } はすでに{ $name }（{ $when }）として保存されており、このインポートでは次の項目が変わります：{ $changes }。その大会の訂正であれば、訂正として再度インポートしてください（コマンドラインでは --correction、/admin import-isu では correction: True）。別の大会であれば、別のIDが必要です。何もインポートしていません。
import-identity-item = { $field ->
    [name] 名称
    [start_date] 開始日
    [end_date] 終了日
    [city] 都市
    [country] 国
   *[venue] 会場
} { $old } -> { $new }
import-more = { $first }；{ $rest }
import-when-where = { $dates }、{ $place }
import-dates = { $start }〜{ $end }
import-no-dates = 日付なし
import-no-place = 開催地なし

## An ISU results site imported (/admin import-isu)
isu-summary = { $competition }（{ $key }）：カテゴリー { $categories }、セグメント { $segments }、エントリー { $entries }、エレメント { $elements }（{ $pages }ページ、PDF { $pdf_pages }ページを読み込み）
isu-warning = 警告：{ $warning }

## A whole season from the ISU's results server (import-isu --season, /admin import-isu season:)
isu-season-start = { $season }シーズン：{ $base } から{ $count }大会（うち{ $inferred }大会のコードは命名規則からの推定）
isu-season-progress = { $season }シーズンを取り込み中：{ $total }大会中{ $number }番目、{ $code }（{ $name }）…
isu-season-imported = { $code }：{ $competition } を取り込みました（カテゴリー { $categories }、エントリー { $entries }、警告 { $warnings }）
isu-season-missing = 警告：{ $code }（{ $name }）は結果サーバーにありません：{ $problem }{ $inferred ->
    [yes] {"（このコードは資料から読んだものではなく、命名規則からの推定です）"}
   *[no] {""}
}
isu-season-failed = 警告：{ $code }（{ $name }）は取り込まれませんでした：{ $problem }
isu-season-tally = { $season }シーズン：取り込み { $imported }、結果サーバーになし { $missing }、その他の理由で未取り込み { $failed }（警告を参照）
isu-season-unknown = ISU大会コードの一覧に{ $season }シーズンはありません。あるのは { $seasons } です。
isu-season-form = { $season } はシーズンではありません。2025-26 のように書いてください。
isu-season-url-or-season = 結果サイトのURLかシーズンのどちらか一方を指定してください。
isu-discipline = { $discipline ->
    [men] 男子
    [women] 女子
    [pairs] ペア
   *[ice_dance] アイスダンス
}
# A category as read: "Junior men", or only the discipline for seniors.
isu-category-level = { $level }{ $discipline }
isu-and = { $first }と{ $rest }

## ISU import warnings: what was not imported, and why ($error: the reader's diagnostic, naming the file)
isu-charset-detected = { $file }：文字コードの宣言がないため、{ $encoding }として読み込みました（自動検出）
isu-category-twice = { $category }：{ $other }と同じく{ $reading }として読み込まれました。2つのカテゴリーを区別できないため、こちらはスキップしました
isu-no-result-yet = { $error }：{ $category }にはまだ結果がありません。セグメントのページにある内容をインポートします
isu-stale-page = { $file }：{ $problem }。カテゴリー{ $category }をスキップしました（古いページの可能性があります）
isu-no-segment-results = { $error }：{ $category } { $segment }の結果はインポートされていません
isu-no-panel = { $error }：{ $category } { $segment }のジャッジパネルがありません
isu-category-skipped = { $category }：{ $problem }。カテゴリーをスキップしました
isu-dance-segments = { $category }：セグメント{ $codes }を含むアイスダンスです。カテゴリーをスキップしました
isu-dance-segments-in = { $category }：ダンスのセグメント{ $codes }を含む{ $discipline }です。カテゴリーをスキップしました
isu-segment-unstorable = { $category } { $segment }：{ $code }のセグメントは保存できません。セグメントをスキップしました
isu-no-pdf-linked = { $category } { $segment }：採点詳細のPDFへのリンクがありません
isu-no-judges-details = { $error }：{ $what }の採点詳細がありません（ページの得点はインポートします）
isu-pdf-skipped = { $error }：採点詳細のPDFをスキップしました（ページの得点はインポートします）
isu-event-codes-differ = サイトのアドレスとPDFの名前で大会コードが異なります（{ $codes }）。大会は名称、日付、開催地で識別します
isu-code-from-address = { $code }（アドレス { $url }）
isu-code-from-folder = { $code }（フォルダー { $folder }）
isu-code-from-pdf = { $code }（PDF { $pdf }）

## Why a category or page does not fit the site
isu-problem-title = タイトル{ $title }が{ $competition }とは別の大会を指しています
isu-problem-caption = 見出し{ $caption }が{ $expected }ではありません
isu-problem-disciplines-named = 名前に{ $disciplines }が含まれています
isu-problem-no-discipline = 名前、PDFの名前、ページの色のいずれからも種目を読み取れません
isu-problem-disciplines-disagree = 名前とページで種目が一致しません（{ $readings }）
isu-problem-mixed-entries = エントリーにカップルとシングルの選手が混在しています
isu-problem-entries = { $discipline }として読み込みましたが、エントリーは{ $couples ->
    [yes] カップル
   *[no] シングル
}です
isu-problem-levels-disagree = 名前とPDFの名前でクラスが一致しません（{ $levels }）
isu-problem-segment-unread = セグメント{ $segments }を読み込めません

## /admin
cmd-admin = skatebot オーナー用ツール
cmd-admin-alias = 選手名の表記
cmd-admin-alias-add = 選手名の別表記を追加します（どの文字でも可）（ボットのオーナー）
cmd-admin-alias-add-skater = 選手
cmd-admin-alias-add-spelling = 名前の別の表記（例: 坂本花織）
cmd-admin-alias-remove = 選手名の別表記を削除します（ボットのオーナー）
cmd-admin-alias-remove-skater = 選手
cmd-admin-alias-remove-spelling = 削除する表記
cmd-admin-import-isu = ISU公式の結果サイトをインポートします（ボットのオーナー）
cmd-admin-import-isu-url = 大会のISU結果インデックスページのhttp(s) URL
cmd-admin-import-isu-season = またはISU結果サーバーのシーズン全体（例：2025-26）：すべての選手権、グランプリ大会とファイナル
cmd-admin-import-isu-correction = サイトが保存済みの大会の名称・日付・開催地を訂正している（既定: そのような変更は拒否）
alias-added = { $skater }は{ $spelling }でも見つかるようになりました。
alias-removed = { $skater }は{ $spelling }では見つからなくなりました。
isu-pdf-unread = { $error }：採点詳細のPDFを読めませんでした（スキップ）
isu-pdf-team = { $file }：団体戦のセグメントです。団体戦の結果はPDFからは読みません（スキップ）
isu-pdf-unplaced = { $file }：見出し（{ $heading }）からカテゴリーとセグメントを読み取れません（スキップ）
isu-no-index = { $folder }：インデックスページがありません。結果ページ、審判団のページ、採点詳細のPDFをファイル名によらず内容で読みます（ほかのファイル{ $files }件は読みません）
isu-pdf-no-name = PDFに大会名がなく、フォルダー名もISUの大会コードではありません。フォルダー名「{ $name }」を大会名にします
isu-pdf-dates = 日付はPDFに印刷された日付です（{ $start }～{ $end }、各採点表の印刷日）
isu-pdf-no-totals = { $category }：すべてのセグメントのPDFを読めなかったため、合計と最終順位は算出しません（各セグメントの得点はインポートします）
isu-pdf-stored-identity = PDFに大会名がありません。保存済みの { $key }「{ $name }」として読みます
isu-page-damaged = { $error }：{ $category } のこのページは壊れているか読めないためスキップしました。ほかはインポートします
isu-page-copy = { $file }：{ $category } { $segment } のもう一つのページです（{ $other } を読み、こちらは読みません）
isu-page-unread = { $error }：読めない結果ページをスキップしました。フォルダーのほかの内容はインポートします
isu-rows-from-pdf = { $category } { $segment }：セグメントのページを読めなかったため、順位は採点詳細のPDF { $pdf } から読みました
isu-nation-blank = { $category }：{ $names } の国・地域が記載されていません。国・地域不明としてインポートします
isu-nation-unread = { $category }：国コード { $codes } はIOCコードではありません。記載どおりに保存します
isu-result-only = { $category }：最終結果（{ $file }）をセグメントなしでインポートします（セグメントのページもPDFも読めませんでした）
isu-pdf-name-differs = ページには大会名「{ $printed }」とあります。フォルダーの大会コードは { $key } で、保存済みの「{ $name }」としてインポートします
isu-ijslive-no-nation = ijsLiveのページには国・地域がありません：{ $entries } 件の結果を国・地域不明としてインポートします
isu-index-not-index = { $error }：そのため、フォルダーはファイルの内容で読みます
isu-index-followed = { $file } はほかのページ { $index } を表示するだけのページです。そのページをサイトのインデックスとして読みます
isu-other-index = { $other }：{ $file } のほかにもインデックスページがあります。読んだのは { $file } で、{ $other } は読んでいません
isu-folder-descended = { $folder } には結果ページも PDF もなく、フォルダー { $inner } だけがあります。サイトはそこから読みます
isu-index-row-unread = { $file }：{ $row } はカテゴリーのページ（CATnnnEN・CATnnnRS）にリンクしていないため読みませんでした。ほかの行のカテゴリーは読みます
isu-segment-unread = { $category }：セグメント「{ $segment }」は読み取れるセグメントではありません（スキップ）。カテゴリーのほかのセグメントはインポートします
