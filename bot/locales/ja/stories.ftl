# ストーリー: 検証の流れ (bot/services/stories.py, access.py, story_import.py)、そのコマンドと
# 埋め込み (cogs/stories.py, cogs/config.py, bot/discord_layer/ui/stories.py)、モデレーションログ (bot/discord_layer/modlog.py)。
# $id はストーリーの番号。$title, $reason, $note などはエスケープ済みで届く。$user は Discord のユーザー ID
# (メンションとして <@{ $user }> と書く)。

## 誰が何をできるか (bot/services/access.py)
access-not-moderator = この操作はモデレーターのみ行えます: サーバーの「メッセージの管理」権限（チャンネル単位ではなくロールの権限）か、サーバーのモデレーターロール（`/config modrole`）が必要です。
access-owners-only = この操作はボットのオーナーのみ行えます。
access-admins-only = skatebot の設定を変更できるのはサーバー管理者（「サーバーの管理」権限）のみです。
access-library-owners-only = 共有ライブラリのストーリーはボットのオーナーのみが管理します。

## ラベル: 保存される値は英語のまま。ここは表示される言葉
# 文中で使う形（「ストーリーに誤りのラベルを付けるには理由が必要です」）。
label-unverified = 未検証
label-verified = 検証済み
label-disputed = 異論あり
label-misleading = 誤解を招く
label-false = 誤り
label-satire = 風刺
# バッジの名前として（「✅ 検証済み」）。
label-name-unverified = 未検証
label-name-verified = 検証済み
label-name-disputed = 異論あり
label-name-misleading = 誤解を招く
label-name-false = 誤り
label-name-satire = 風刺
# 結果データから生成されたストーリーのラベル（モデレーターが書いたりラベルを付けたりしていないもの）。
label-name-results = 結果データより
# モデレーターがラベルを付けた、結果データ由来のストーリー: $badge はそのラベル、$origin は「結果データより」。
label-badge-results = { $badge } · { $origin }
# $emoji はラベルの絵文字、$name は label-name-* のいずれか。
label-badge = { $emoji } { $name }

## 出典の種類・役割・信頼度: 保存される値は英語のまま。ここは表示される言葉
source-kind-primary = 一次
source-kind-secondary = 二次
source-kind-social = SNS
source-role-evidence = 根拠
source-role-appearance = 拡散先
source-tier-official = 公式
source-tier-wire = 通信社
source-tier-major = 大手メディア
source-tier-specialist = 専門メディア
source-tier-reference = 参考資料
source-tier-low = 低信頼
source-tier-unrated = 未評価

## ストーリーの本文 (bot/services/stories.py)
story-noun = ストーリー
story-needs-title = ストーリーにはタイトルが必要です。
# $field: title, summary, body のいずれか。
story-field-too-long = { $field ->
        [title] タイトル
        [summary] 概要
       *[body] 本文
    }が{ $length }文字あります。上限は{ $limit }文字です。
story-bad-date = 名場面の日付 { $date } は 2026-02-19（年-月-日）の形式の日付ではありません。
story-language-unknown = { $language } は言語タグではありません（例: { $languages }）。
story-event-needs-competition = 種目を紐付けるときは大会も選んでください。
story-new-starts-unverified = 新しいストーリーは未検証から始まります。出典を追加してからラベルを付けてください。
story-not-a-story-message = そのメッセージはストーリーではありません。ストーリーを表示しているメッセージで使ってください。

## ラベル付け
label-unknown = { $label } はラベルではありません。次のいずれかを使ってください: { $labels }
label-verified-needs-source = 検証済みにするには出典が1つ以上必要です。先に `/story source add` で追加してください。
label-needs-note = ストーリーを「{ $label }」にするには、理由のメモ（`note` オプション）が必要です。
label-note-too-long = メモが{ $length }文字あります。上限は{ $limit }文字です。
# $summary: 保存されている主張チェックの概要。
label-contradicted-needs-note = ストーリー #{ $id } には結果データと矛盾する主張があります（{ $summary }。`/story check` を参照）。それでも検証済みにする場合は、理由のメモを付けてもう一度ラベルを付けてください。
label-contradicted-confirm = ストーリー #{ $id } には結果データと矛盾する主張があります（{ $summary }）。メモを付けて、このまま検証済みにしますか？
# $rated: label-source-tier のリスト。
label-low-tier-confirm = ストーリー #{ $id } の出典はすべて信頼度の低いサイトか未評価のサイトです（{ $rated }）。このまま検証済みにしますか？
label-source-tier = { $domain }: { $tier }
label-warning = ⚠️ { $warning }
label-confirm-button = このまま検証済みにする
# $badge: label-badge。
label-set = ストーリー #{ $id } を { $badge } にしました。
label-set-resolved = ストーリー #{ $id } を { $badge } にしました。未対応の通報{ $resolved }件を解決済みにしました。

## 出典
source-unknown-kind = { $kind } は出典の種類ではありません。次のいずれかを使ってください: { $kinds }
source-unknown-role = { $role } は出典の役割ではありません。次のいずれかを使ってください: { $roles }
source-too-long = 発信元は{ $publisher_limit }文字未満、メモは{ $note_limit }文字未満にしてください。
source-duplicate = ストーリー #{ $id } にはその出典がすでにあります: { $url }
source-not-found = ストーリー #{ $id } に出典 { $source } はありません。
source-only-of-verified = 検証済みストーリーの唯一の出典です。先に別の出典を追加するか、ラベルを変更してください。
# $kind: source-kind-* のいずれか。
source-added = ストーリー #{ $id } に追加しました: { $publisher } <{ $url }>（{ $kind }）
source-removed = ストーリー #{ $id } から削除しました: <{ $url }>
# ストーリーの埋め込み内: 出典のリンク、種類、信頼度（$tier: source-tier-* のいずれか）。
source-line = { $link } · { $kind } · { $tier }
source-line-circulates = { $link } · { $kind } · { $tier } · 拡散先

## メンバーからの通報
flag-server-only = 通報はサーバー内から行ってください。
flag-needs-reason = ストーリーのどこが問題か、簡単に書いてください。
flag-reason-too-long = 理由は{ $limit }文字未満にしてください。
flag-duplicate = ストーリー #{ $id } はすでに通報済みです。モデレーターの確認待ちリストに入っています。
flag-duplicate-library = ストーリー #{ $id } はすでに通報済みです。ライブラリの管理者の確認待ちリストに入っています。
flag-rate-limited = 直近{ $minutes }分間に{ $count }件のストーリーを通報しています。少し時間をおいてから通報してください。
flag-thanks = ありがとうございます。ストーリー #{ $id } をモデレーターの確認待ちリストに追加しました。
flag-thanks-library = ありがとうございます。ストーリー #{ $id } は共有ライブラリのものなので、通報はライブラリの管理者（ボットのオーナー）に送られ、確認されます。
flag-form-title = ストーリー #{ $id } を通報
flag-form-reason = このストーリーのどこが問題ですか？
flag-form-reason-placeholder = 例: これを報じている出典がない、スコアが違う、風刺である

## 追加・編集・削除
story-added = ストーリー #{ $id } を追加しました。
story-saved = ストーリー #{ $id } を保存しました。
story-deleted = ストーリー #{ $id } を削除しました。
story-delete-confirm = ストーリー #{ $id } **{ $title }** を削除しますか？
story-delete-button = 削除
story-form-new = 新しいストーリー
story-form-edit = ストーリー #{ $id } を編集
story-form-title = タイトル
story-form-summary = 概要（何を主張しているか、手短に）
story-form-body = 本文
story-form-moment-date = 名場面の日付（YYYY-MM-DD）
story-form-skaters = スケーター（カンマ区切り）
# $error: 入力が規則により受け付けられなかった理由。
story-form-refused = { $error }
    何も保存されていません。入力した文章は残っています。
story-form-retry = 修正して再送信

## 確認
story-confirm = 確認
story-cancel = キャンセル
story-cancelled = キャンセルしました。何も変更されていません。
story-confirm-not-yours = この確認はあなた宛てではありません。

## ストーリーの埋め込み (bot/discord_layer/ui/stories.py)
story-read-more = *（続きを読む）*
story-field-label = ラベル
story-field-moment = 名場面
story-field-language = 言語
story-field-competition = 大会
story-field-skaters = スケーター
story-field-sources = 出典
story-no-sources = まだありません
story-field-claims = 結果データと照合した主張
story-where-library = 共有ライブラリ
story-where-server = このサーバー
# $where: story-where-library または story-where-server。
story-footer = ストーリー #{ $id } · { $where } · 問題は「通報」ボタンからお知らせください
story-footer-reported = ストーリー #{ $id } · { $where } · 未対応の通報{ $reports }件 · 問題は「通報」ボタンからお知らせください
story-page = { $number }/{ $count }ページ
story-button-flag = 通報
story-button-read-more = 続きを読む

## 検索
search-no-words = { $text } には検索できる語がありません。検索ではストーリーのタイトル・概要・本文の語（文字と数字）を探します。例: `/story search text: Malinin quad`
search-title = { $text } に一致するストーリー
search-empty = 一致するストーリーはありません。

## 確認待ちリスト
queue-server-only = 確認待ちリストはサーバーごとのものです。
queue-title = 確認待ちリスト（古い順）
queue-empty = 確認するものはありません。🎉
queue-line = `#{ $id }` **{ $title }** — { $reason } · 追加: { $added }
queue-line-library = `#{ $id }` **{ $title }** — { $reason } · 共有ライブラリ · 追加: { $added }
queue-reason-reported = { $since } 以降の未対応の通報{ $count }件
queue-reason-unverified = 未検証
# $check: 主張チェックのバッジと概要。
queue-reason-claims = { $reason } · 主張: { $check }

## 変更履歴
history-title = ストーリー #{ $id } の履歴
history-empty = 記録された変更はありません。
history-line = `{ $at }` { $actor } **{ $action }**
history-actor-cli = コマンドライン
# 何が起きたか（保存されている操作の表示名）。
history-action-create = 作成
history-action-edit = 編集
history-action-source-added = 出典の追加
history-action-source-removed = 出典の削除
history-action-label = ラベル付け
history-action-delete = 削除
history-action-flag = 通報
history-action-flag-resolved = 通報の解決
history-action-generated = 結果データから作成
history-action-results-changed = 書き換え: 結果が訂正されました
history-action-reworded = 言い回しの更新
history-action-results-no-longer-show-it = 削除: 結果データがもう裏付けていません
history-action-results-show-it-again = 復活: 結果データが再び裏付けています
history-action-moment-hide = 今日の名場面から除外
history-action-moment-unhide = 今日の名場面に戻す
# 変更された項目ひとつ: 追加、削除（取り消し線）、変更。
history-change-added = { $field }: { $value }
history-change-removed = { $field }: ~~{ $value }~~
history-change = { $field }: { $old } → { $new }
history-field-title = タイトル
history-field-summary = 概要
history-field-body = 本文
history-field-moment-date = 名場面の日付
history-field-competition-id = 大会ID
history-field-event-id = 種目ID
history-field-skaters = スケーター
history-field-label = ラベル
history-field-note = メモ
history-field-url = URL
history-field-publisher = 発信元
history-field-kind = 種類
history-field-role = 役割
history-field-language = 言語
history-field-reason = 理由
history-field-flag = 通報
history-field-by = 実行者
history-field-resolution = 対応

## 書き出し
export-reviewer = { $server } モデレーター
export-ready = ストーリー #{ $id } の ClaimReview:

## サーバー設定 (cogs/config.py)
config-server-only = これはサーバーごとの設定です。対象のサーバーで使ってください。
config-everyone-not-mod-role = @everyone はモデレーターロールにできません（全メンバーがモデレーターになってしまいます）。モデレーターに付与しているロールを選んでください。
config-managed-role = { $role } はボットや連携サービスが管理するロールで、サーバーが付与するものではありません。管理者がモデレーターに付与するロールを選んでください。
config-unknown-tier = { $tier } は信頼度の区分ではありません。次のいずれかを使ってください: { $tiers }
config-modrole-set = モデレーターロール: { $role }
config-modrole-cleared = モデレーターロールを解除しました。「メッセージの管理」権限で判断します。
config-modlog-set = モデレーションログ: { $channel }
config-modlog-off = モデレーションログをオフにしました。
config-language-set = このサーバーのチャンネルへの skatebot の投稿（今日の名場面、ライブ結果、モデレーションログ）は { $language } になりました。返信は各メンバーの Discord の言語のままです。
config-language-discord = このサーバーのチャンネルへの skatebot の投稿は、Discord の設定にあるサーバーの言語に従います。
config-language-unknown = skatebot は { $language } を話せません。話せる言語: { $languages }
config-podium-card-on = 各カテゴリーの最終結果のライブ投稿と、表彰台についての今日の名場面に表彰台カード（上位3人の国旗・名前・合計点の画像）を付けます。
config-podium-card-off = 最終結果のライブ投稿と今日の名場面に表彰台カードを付けなくなりました。
# $tier: source-tier-* のいずれか。
config-tier-set = このサーバーでは、{ $domain } の出典を **{ $tier }** として扱います。

## モデレーションログ: サーバーのチャンネルに、サーバーの言語で投稿される
modlog-story-added = <@{ $user }> がストーリー #{ $id } **{ $title }** を追加しました
modlog-story-edited = <@{ $user }> がストーリー #{ $id } **{ $title }** を編集しました
modlog-story-deleted = <@{ $user }> がストーリー #{ $id } **{ $title }** を削除しました
modlog-story-reported = <@{ $user }> がストーリー #{ $id } **{ $title }** を通報しました: { $reason }
modlog-story-reported-library = <@{ $user }> がストーリー #{ $id } **{ $title }** を通報しました（共有ライブラリのため、ライブラリの管理者に送信）: { $reason }
modlog-source-added = <@{ $user }> がストーリー #{ $id } に出典を追加しました: { $publisher } <{ $url }>
modlog-source-removed = <@{ $user }> がストーリー #{ $id } から出典を削除しました: <{ $url }>
modlog-labelled = <@{ $user }> がストーリー #{ $id } を { $badge } にしました
modlog-labelled-note = <@{ $user }> がストーリー #{ $id } を { $badge } にしました — { $note }
# $setting: 設定した内容（管理者への返信と同じ文: config-modrole-set, config-modlog-off など）。
modlog-config-set = <@{ $user }> が設定しました: { $setting }
modlog-config-tier = <@{ $user }>: { $setting }

## コマンドラインから取り込むストーリーファイル (bot/services/story_import.py)。$path はファイル
story-import-not-utf8 = { $path }: UTF-8 のテキストではありません（{ $problem }）
story-import-empty = { $path }: 空です。1行目がタイトル、その後に本文を書きます
story-import-not-json = { $path }: UTF-8 の JSON ではありません（{ $problem }）
story-import-not-stories = { $path }: skatebot のストーリーファイルではありません（"format": "{ $format }" が必要です）
story-import-version = { $path }: バージョン { $version } には対応していません
story-import-not-list = { $path }: 'stories' はリストである必要があります
story-import-no-file = { $path }: ファイルがありません
story-import-twice = 同じストーリーが2回出てきます: { $keys }
# $where: ファイルとその中のストーリーの位置（"stories.json: stories[2]"）。
story-import-where = { $path }: stories[{ $index }]
story-import-not-object = { $where }: オブジェクトである必要があります
story-import-not-text = { $where }: '{ $field }' はテキストである必要があります
story-import-not-non-empty-text = { $where }: '{ $field }' は空でないテキストである必要があります
story-import-skaters = { $where }: 'skaters' は名前のリストである必要があります
story-import-label = { $where }: ラベル { $label } は { $labels } のいずれでもありません
story-import-sources = { $where }: 'sources' はリストである必要があります
story-import-source-url = { $where }: sources[{ $index }] に 'url' が必要です
story-import-source-kind = { $where }: sources[{ $index }]: kind は { $kinds } のいずれかである必要があります
story-import-source-role = { $where }: sources[{ $index }]: role は { $roles } のいずれかである必要があります
# $key: ファイル内でのストーリーの ID。$error: ストーリーサービスが受け付けなかった理由。
story-import-refused = { $key }: { $error }

## コマンド（Discord が表示する説明）
cmd-story = 話題のスケートのストーリー: 閲覧・通報・管理
cmd-story-source = ストーリーの出典（モデレーター）
cmd-report-story = ストーリーを通報
cmd-story-show = ストーリーをラベルと出典付きで表示します。
cmd-story-show-id = ストーリー番号、またはタイトルを入力
cmd-story-search = このサーバーと共有ライブラリのストーリーを検索します。
cmd-story-search-text = タイトル・概要・本文に含まれる語
cmd-story-add = ストーリーを追加します（モデレーター）。フォームが開きます。
cmd-story-add-competition = 大会に紐付ける
cmd-story-add-event = …その大会の種目
cmd-story-add-library = 共有ライブラリに入れる（ボットのオーナーのみ）
cmd-story-add-language = ストーリーが書かれている言語
cmd-story-edit = ストーリーの本文を編集します（モデレーター）。フォームが開きます。
cmd-story-edit-id = ストーリー番号
cmd-story-edit-competition = 大会に紐付ける（空欄: 変更しない）
cmd-story-edit-event = …その大会の種目
cmd-story-edit-language = ストーリーが書かれている言語
cmd-story-source-add = ストーリーに出典リンクを付けます（モデレーター）。
cmd-story-source-add-id = ストーリー番号
cmd-story-source-add-url = 出典へのリンク（http または https）
cmd-story-source-add-kind = 出典の種類
cmd-story-source-add-publisher = 発信元（既定: リンクから判断）
cmd-story-source-add-note = 出典が示している内容
cmd-story-source-add-role = ストーリーの根拠（既定）か、ストーリーが拡散している場所か
cmd-story-source-remove = ストーリーから出典を削除します（モデレーター）。
cmd-story-source-remove-id = ストーリー番号
cmd-story-source-remove-source = 削除する出典
cmd-story-label = ストーリーに検証済み・異論あり・誤りなどのラベルを付けます（モデレーター）。
cmd-story-label-id = ストーリー番号
cmd-story-label-label = 判定
cmd-story-label-note = 理由（誤り・異論あり・誤解を招く の場合は必須）
cmd-story-history = ストーリーのすべての変更: 誰が・いつ・変更前と変更後（モデレーター）。
cmd-story-history-id = ストーリー番号
cmd-story-queue = 未検証・通報されたストーリーを古い順に表示します（モデレーター）。
cmd-story-delete = ストーリーを削除します（モデレーター。変更履歴には残ります）。
cmd-story-delete-id = ストーリー番号
cmd-story-export = ストーリーの判定を schema.org ClaimReview の JSON-LD で出力します（モデレーター）。
cmd-story-export-id = ストーリー番号
cmd-config = このサーバーでの skatebot の設定
cmd-config-sources = 出典ドメインの信頼度
cmd-config-modrole = モデレーターロールを設定します（管理者）。
cmd-config-modrole-role = このロールを持つメンバーをモデレーターとして扱う（空欄: 解除）
cmd-config-modlog = モデレーションログのチャンネルを設定します（管理者）。
cmd-config-modlog-channel = モデレーターの操作を投稿する場所（空欄: 投稿をやめる）
cmd-config-language = このサーバーのチャンネルへの skatebot の投稿の言語を設定します（モデレーター）。
cmd-config-language-language = 今日の名場面、ライブ結果、モデレーションログの言語
choice-language-discord = Discord でのサーバーの言語
choice-language-en-US = English
choice-language-ja = 日本語
cmd-config-podium-card = 最終結果のライブ投稿と表彰台の名場面に表彰台カードの画像を付けるかどうか（モデレーター）。
cmd-config-podium-card-state = オン: 最終結果や表彰台の名場面の投稿に上位3人を画像で表示
choice-podium-card-on = オン
choice-podium-card-off = オフ
cmd-config-sources-tier = このサーバーでの出典ドメインの信頼度を設定します（モデレーター・管理者）。
cmd-config-sources-tier-domain = 例: nbcsports.com
cmd-config-sources-tier-tier = このサーバーでの信頼度

## コマンドの選択肢
choice-label-unverified = ❔ { label-name-unverified }
choice-label-verified = ✅ { label-name-verified }
choice-label-disputed = ⚖️ { label-name-disputed }
choice-label-misleading = 🟠 { label-name-misleading }
choice-label-false = ❌ { label-name-false }
choice-label-satire = 🎭 { label-name-satire }
choice-source-kind-primary = 一次: 公式団体、選手本人、通信社の記事
choice-source-kind-secondary = 二次: 報道
choice-source-kind-social = SNS: 投稿や動画
choice-source-role-evidence = 根拠: ストーリーが本当かどうかを示す
choice-source-role-appearance = 拡散先: ストーリーが共有されている場所
choice-tier-official = { source-tier-official }
choice-tier-wire = { source-tier-wire }
choice-tier-major = { source-tier-major }
choice-tier-specialist = { source-tier-specialist }
choice-tier-reference = { source-tier-reference }
choice-tier-low = { source-tier-low }
