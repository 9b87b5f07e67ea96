# 今日の名場面: /moment、サーバーのチャンネルへの毎日の投稿、モデレーターへのお知らせ。
# { $… } の値はコードが埋めます。ユーザーの入力はすでに引用・エスケープされています。
# <t:…> と <#…> は Discord 独自の記法（タイムスタンプ、チャンネル）です。そのまま残してください。

## Time of day (bot/services/moment_rules/timing.py)
time-not-a-time = { $text }は時刻ではありません。HH:MM（24時間制）で入力してください。例: 07:30
time-not-a-time-detail = { $text }は時刻ではありません。HH:MM（24時間制）で入力してください。例: 07:30（{ $detail }）
time-detail-empty = 何も入力されていません
time-detail-minute-digits = 分は2桁で入力してください
time-detail-write-as = { $time }と入力してください
time-detail-hour-range = 時は0から23までです
time-detail-minute-range = 分は00から59までです

## Time zones (bot/services/moment_rules/timing.py); $offset is written like UTC+9, zones are IANA names
zone-or-list = { $first }または{ $last }
zone-empty = Europe/Paris や Asia/Tokyo のようなタイムゾーン名を指定してください。
zone-fixed-offset-both = { $zone }は固定オフセットで、タイムゾーンではありません。一年を通じて{ $offset }にするなら{ $fixed }を、現在{ $offset }の地域のタイムゾーンなら{ $places }などを使ってください。
zone-fixed-offset-fixed = { $zone }は固定オフセットで、タイムゾーンではありません。一年を通じて{ $offset }にするなら{ $fixed }を使ってください。
zone-fixed-offset-places = { $zone }は固定オフセットで、タイムゾーンではありません。現在{ $offset }の地域のタイムゾーン（{ $places }など）を使ってください。
zone-fixed-offset = { $zone }は固定オフセットで、タイムゾーンではありません。Europe/Paris や Asia/Tokyo のような都市のタイムゾーンを使ってください。
zone-legacy-cities = { $zone }は略称または旧式の名前のため、あいまいです（同じ文字が別の地域を指すことがあり、夏時間の有無もわかりません）。{ $cities }などの都市のタイムゾーンを使ってください。
zone-legacy = { $zone }は略称または旧式の名前のため、あいまいです（同じ文字が別の地域を指すことがあり、夏時間の有無もわかりません）。Europe/Paris や Asia/Tokyo のような都市のタイムゾーンを使ってください。
zone-unknown-suggest = { $zone }はIANAのタイムゾーンではありません。{ $suggestions }のことですか？
zone-unknown = { $zone }はIANAのタイムゾーンではありません。Europe/Paris や Asia/Tokyo のような名前を使ってください。

## Dates
moment-month = { $month }月
# $day: the day of the month, a number; $month: moment-month
moment-day-month = { $month }{ $day }日
moment-date = { $year }年{ $month }{ $day }日

## Which story, and why (bot/services/moment_rules/choice.py); shown to moderators
moment-reason-no-stories = 投稿できるものがありません：ストーリーがまだありません
moment-reason-no-allowed-label = 投稿できるものがありません：許可されたラベルのストーリーがありません
moment-warning-no-stories = 投稿できるものがありません。ストーリーがまだありません
moment-warning-no-allowed-label = 投稿できるものがありません。許可されたラベルのストーリーがありません
# $day: moment-day-month
moment-reason-on-this-day = { $year }年の今日（{ $day }）の出来事
moment-reason-never-posted = まだ一度も投稿されていません
moment-reason-least-recent-unreadable = 最も長く投稿されていないもの（前回の日付は読み取れません）
moment-reason-least-recent = 最も長く投稿されていないもの（前回は{ $date }）
moment-warning-low-stock = 投稿できるストーリーは{ $count }件だけです。ストーリーを追加するか検証してください（残り{ $low }件未満）
moment-reason-repeat = 再投稿：対象のストーリーはすべて過去{ $days }日以内に投稿済みのため、最も長く投稿されていないもの（前回は{ $date }）
moment-reason-repeat-unknown = 再投稿：対象のストーリーはすべて過去{ $days }日以内に投稿済みのため、最も長く投稿されていないもの（前回は不明）
moment-warning-repeat = 新しく投稿できるものがありません：{ $count }件のストーリーはすべて過去{ $days }日以内に投稿済みです。ストーリーを追加・検証するか、再投稿までの期間を短くしてください

## The moderators' settings (choice.py, bot/services/moments.py); label names are what moderators type
moment-labels-unknown = 不明なラベル：{ $names }。使えるラベル：{ $labels }。
moment-labels-false = 「誤り」のストーリーは今日の名場面として投稿されません。ラベルから “false” を外してください（{ $labels }から選べます）。
moment-labels-empty = ラベルを1つ以上選んでください：{ $labels }。
moment-repeat-days-range = 再投稿までの期間は0から{ $max }までの整数（日数）で指定してください（{ $days }は指定できません）。
moment-none-yet = このサーバーには今日の名場面がまだ設定されていません。`/moment schedule` で設定してください。
moment-guild-only = 今日の名場面はサーバーでのみ使えます。
moment-story-gone = ストーリー #{ $id } はもう存在しません。

## Why a day's post was not made (stored, shown to moderators; bot/services/moments.py, bot/discord_layer/moment_poster.py)
post-reason-nothing = 投稿できるものがありません
post-reason-schedule-gone = スケジュールが削除されています
post-reason-down-past-grace = ボットの停止が猶予時間を超えました
post-reason-down-at-post-time = 投稿時刻にボットが停止していました
# A reason recorded before reasons were catalogue messages: shown as it was stored.
post-missing-permissions = skatebot には #{ $channel } での{ $permissions }の権限がありません
post-permission-view-channel = チャンネルを見る
post-permission-send-messages = メッセージを送信
post-permission-embed-links = 埋め込みリンク
post-channel-gone = チャンネルがもう存在しません
post-forbidden = skatebot はそこに投稿できません（「メッセージを送信」と「埋め込みリンク」の権限が必要です）
post-refused = Discord が投稿を拒否しました（{ $status }: { $detail }）
post-unreachable = Discord に接続できませんでした（{ $error }）
post-edit-failed = 投稿を編集できませんでした（{ $status }）

## The mod-log (bot/services/moments.py)
post-notify = 🗓️ { $text }
post-notify-nothing = { $date }の今日の名場面はありません：{ $reason }
post-notify-failed = { $date }の今日の名場面を投稿できませんでした：{ $reason }。モデレーターは `/moment post-now` で再試行できます。再試行しない場合は明日また投稿を試みます。

## The post (bot/discord_layer/ui/moments.py)
# Also how a restarted bot finds its own post of that day in the channel: every language's footer is looked for.
moment-footer = 今日の名場面 · { $date } · ストーリー #{ $id }
moment-title = ✨ { $title }
moment-on-this-day = *{ $year }年の今日*
moment-field-correction = ⚠️ 訂正
moment-field-label = ラベル
moment-label-note = { $label } — { $note }
moment-field-moment = 名場面
moment-moment-where = { $date } · { $where }
moment-field-sources = 出典
# A story from the results: where every figure it uses can be seen (one of facts-see-*).
moment-field-results = 結果で確認
moment-correction-results = 訂正：この名場面の元になった結果は投稿後に訂正されました。現在は訂正後の結果に基づいて表示しています。
moment-correction-results-gone = 訂正：この名場面の元になった結果は投稿後に訂正され、現在の結果ではこの内容は成り立ちません。
# $label: the story's new label (false, disputed or misleading)
moment-correction = 訂正：投稿後、モデレーターがこのストーリーのラベルを「{ moment-label-word }」に変更しました。
moment-correction-note = 訂正：投稿後、モデレーターがこのストーリーのラベルを「{ moment-label-word }」に変更しました — { $note }。
moment-label-word = { $label ->
    [false] 誤り
    [disputed] 異論あり
    [misleading] 誤解を招く
    [verified] 検証済み
    [satire] 風刺
   *[unverified] 未検証
}

## /moment (cogs/moments.py)
cmd-moment = 今日の名場面
cmd-moment-today = このサーバーの今日の名場面。
cmd-moment-schedule = 今日の名場面を毎日決まった現地時刻にチャンネルへ投稿します（モデレーター）。
cmd-moment-schedule-channel = 投稿先
cmd-moment-schedule-time = 現地時刻、HH:MM（24時間制）
cmd-moment-schedule-timezone = IANAタイムゾーン（例: Asia/Tokyo、Europe/Paris）
cmd-moment-pause = 設定を残したまま投稿を止めます（モデレーター）。
cmd-moment-resume = 同じ設定で投稿を再開します（モデレーター）。
cmd-moment-preview = 今日投稿される内容とその理由（モデレーター）。
cmd-moment-post-now = 今日の名場面を今すぐ投稿します。今日の投稿として扱われます（モデレーター）。
cmd-moment-settings = 投稿できるストーリーの設定を表示・変更します（モデレーター）。
cmd-moment-settings-labels = 投稿できるラベル、カンマ区切り（既定: verified）
cmd-moment-settings-repeat-days = 同じストーリーを再び投稿できるまでの日数（既定: 365）
cmd-moment-settings-from-results = モデレーターがラベルを付けていない、結果に基づくストーリーを投稿するか（既定: はい）
cmd-moment-hide = 特定のストーリーをこのサーバーの今日の名場面から除外、または除外を解除します（モデレーター）。
cmd-moment-hide-story = ストーリー（#id またはタイトルの語句）
cmd-moment-hide-undo = 除外を解除する
moment-hidden = ストーリー #{ $id } はこのサーバーの今日の名場面として投稿されません。`/moment hide undo:True` で除外を解除できます。
moment-hidden-already = ストーリー #{ $id } はすでにこのサーバーの今日の名場面から除外されています。
moment-unhidden = ストーリー #{ $id } は再びこのサーバーの今日の名場面として投稿できます。
moment-unhidden-already = ストーリー #{ $id } はこのサーバーの今日の名場面から除外されていません。

moment-none = このサーバーには今日の名場面がありません。
# $next: a Discord timestamp
schedule-set = 今日の名場面を毎日{ $time }（{ $zone }）に{ $channel }へ投稿します。次回は{ $next }です。
schedule-missing-permissions = ⚠️ そのチャンネルでの{ $permissions }の権限がありません。
schedule-paused = 今日の名場面を一時停止しました。`/moment resume` で再開できます。
schedule-resumed = 再開しました。次回の投稿は{ $next }です。

## /moment post-now
post-now-posted = 今日の名場面を投稿しました。
post-now-already = 今日の名場面はすでに投稿済み（または投稿中）です。`/moment today` をご覧ください。
post-now-nothing = 投稿できるものがありません。`/moment preview` をご覧ください。解決したら、もう一度 `/moment post-now` を実行してください。
post-now-failed = 投稿に失敗しました。理由は `/moment settings` で確認できます。解決したら、もう一度お試しください。
post-now-retrying = Discord が今は投稿を受け付けませんでした。まもなく再試行します（`/moment today` をご覧ください）。
post-now-paused = 今日の名場面は一時停止中です。先に `/moment resume` を実行してください。
post-now-unscheduled = このサーバーには今日の名場面がまだ設定されていません。`/moment schedule` で設定してください。

## /moment today; $channel is a channel id, $time a Unix timestamp
moment-today-next = 次回の投稿は<t:{ $time }:R>（<t:{ $time }:f>）です。
moment-today-posted = 今日の名場面は<#{ $channel }>に投稿されました：{ $link }
moment-today-paused = このサーバーの今日の名場面は一時停止中です。
moment-today-due = 今日の名場面は<t:{ $time }:R>に<#{ $channel }>へ投稿されます。
moment-today-posting = 今日の名場面を<#{ $channel }>に投稿しています。
moment-today-retrying = 今日の投稿はまだできていません。再試行しています。
moment-today-retrying-why = 今日の投稿はまだできていません（{ $reason }）。再試行しています。
moment-today-failed = 今日の名場面を投稿できませんでした。
moment-today-failed-why = 今日の名場面を投稿できませんでした（{ $reason }）。
moment-today-missed = 今日の名場面は投稿されませんでした。投稿時刻にボットがオフラインでした。
moment-today-passed = 今日は名場面が投稿されませんでした。

## /moment preview and /moment settings
moment-choice-why = このストーリーを選んだ理由：{ $reason }。投稿できるストーリーは{ $count }件です。
moment-choice-warning = ⚠️ { $warning }
moment-preview-title = { $date }の今日の名場面
moment-preview-paused = <#{ $channel }>、一時停止中
moment-preview-active = <#{ $channel }>、{ $time }（{ $zone }）に投稿
moment-field-today = 今日
moment-preview-today = { moment-post-state }
moment-preview-today-why = { moment-post-state }：{ $reason }
moment-field-choice = 選ばれたストーリー
moment-field-claims = 結果と照合した記述
moment-field-failing = ⚠️ 失敗中
moment-failing-since = { $since }から：{ $reason }
# $state: a day's post as stored
moment-post-state = { $state ->
    [posted] 投稿済み
    [claimed] 投稿処理中
    [failed] 失敗
   *[missed] 未投稿
}
moment-settings-title = 今日の名場面：設定
moment-field-channel = チャンネル
moment-field-time = 時刻
moment-settings-time = { $time } { $zone }
moment-field-state = 状態
moment-state-paused = 一時停止中
moment-state-active = 有効
moment-field-labels = 投稿できるラベル
moment-field-repeat = 再投稿
moment-field-results-moments = 結果に基づくストーリー
moment-results-moments-on = 結果に基づくストーリーを投稿できます（モデレーターが別のラベルを付けたものを除く）
moment-results-moments-off = 許可されたラベルのストーリーのみ（`/moment settings from_results:True` で有効にできます）
moment-field-hidden = 除外
moment-hidden-count = { $count }件のストーリーをこのサーバーの名場面から除外しています（`/moment hide`）
moment-repeat = 同じストーリーは{ $days }日後から再び投稿できます
moment-field-status = ステータス
moment-status-failing = ⚠️ { $since }から失敗中：{ $reason }
moment-status-today = ⚠️ 今日の投稿：{ moment-post-state }（{ $reason }）
moment-status-today-no-reason = ⚠️ 今日の投稿：{ moment-post-state }（理由の記録なし）
moment-status-normal = ✅ 正常に投稿中
moment-field-stock = 投稿候補

## Where a story from the results shows every figure it uses (bot/services/fact_stories.py): commands to type
facts-see-results = `/results competition:{ $competition } event:{ $event }`
facts-see-segment = `/results competition:{ $competition } event:{ $event } segment:{ $segment }`
facts-see-protocol = `/protocol athlete:{ $athlete } competition:{ $competition } segment:{ $segment }`
