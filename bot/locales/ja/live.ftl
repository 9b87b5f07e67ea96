# 大会期間中のライブ機能 (bot/services/live/, bot/discord_layer/ui/live.py, cogs/live.py): 監視する結果サイト、購読チャンネルへの
# 投稿、フォローした選手のダイレクトメッセージ、タイムスケジュール。
# タイムスタンプは Discord の <t:…> 記法で届き、読む人それぞれのタイムゾーンで表示されます。

## Commands
cmd-live = 開催中の大会をリアルタイムで追う
cmd-live-watch = ISUの結果サイトを監視し、掲載された内容を購読チャンネルに知らせます（ボットのオーナー）
cmd-live-watch-url = サイトのインデックスページのアドレス
cmd-live-watch-timezone = サイトがタイムゾーンを記載していない場合のスケジュールのタイムゾーン（IANA名：Asia/Tokyo など）
cmd-live-unwatch = 大会の監視を終了します（ボットのオーナー）
cmd-live-unwatch-competition = 監視中の大会
cmd-live-list = 監視中の大会
cmd-live-subscribe = 監視中の大会の結果を、掲載されしだいチャンネルに投稿します（モデレーター）
cmd-live-subscribe-channel = 投稿先
cmd-live-subscribe-competition = 監視中の大会（既定: すべて）
cmd-live-subscribe-disciplines = この種目のみ、カンマ区切り: men, women, pairs, ice dance
cmd-live-subscribe-levels = このクラスのみ、カンマ区切り: senior, junior, …
cmd-live-subscribe-delay-minutes = 各投稿を遅らせる分数（後の放送前のネタバレ防止）
cmd-live-subscribe-role = 投稿ごとにメンションするロール（ほかの人にはメンションしません）
cmd-live-subscriptions = このサーバーのライブ購読
cmd-live-unsubscribe = このサーバーのライブ購読を1つ終了します（モデレーター）
cmd-live-unsubscribe-subscription = 終了する購読
cmd-follow = 選手のスコアが発表されたらダイレクトメッセージを受け取る
cmd-follow-athlete = 選手
cmd-unfollow = 選手のフォローをやめる
cmd-unfollow-athlete = 選手
cmd-following = フォロー中の選手
cmd-schedule = 監視中の大会のタイムスケジュール（あなたのタイムゾーンで表示）
cmd-schedule-competition = 監視中の大会（既定: 最新）

## What the service refuses
live-owners-only = 監視する大会を選べるのはボットのオーナーだけです。
live-bad-url = そのアドレスは監視できません：{ $problem }
live-already-watched = { $url } はすでに監視中です。
live-unreadable = サイトを読み込めなかったため、監視していません：{ $problem }
live-bad-zone = { $zone }はタイムゾーンではありません。Asia/Tokyo や Europe/Moscow のような IANA 名で指定してください。
live-delay-range = 遅延は0〜{ $most }分の範囲で指定してください。
live-no-subscription = このサーバーには番号{ $id }のライブ購読はありません。
live-nothing-watched = 現在監視中の大会はありません。
live-no-schedule = { $competition }のサイトにはタイムスケジュールがありません（またはタイムゾーンの記載がありません）。
live-bad-discipline = { $word }は種目ではありません。使える種目：{ $known }。
live-bad-level = { $word }はクラスではありません。使えるクラス：{ $known }。
noun-live-watch = 監視中の大会
noun-live-watches = 監視中の大会

## A watch, in a list
live-state-watching = **{ $name }**：監視中
live-state-failing = **{ $name }**：監視中（直近{ $failures }回の読み込みに失敗：{ $error }）
live-state-ended = **{ $name }**：終了、読み込みは停止しました
live-state-stopped = **{ $name }**：停止
live-list-title = 監視中の大会
live-list-empty = 監視中の大会はありません。ボットのオーナーが `/live watch` で追加できます。
live-list-next = 次回の読み込み：{ $when }
live-list-url = <{ $url }>

## Replies
live-watching = **{ $name }**の監視を始めました（タイムスケジュール上のセグメント数：{ $segments }）。現在サイトに掲載されている内容を起点とし、購読チャンネルにはこれ以降に掲載される内容をお知らせします。
live-zone-site = スケジュールはサイトの記載どおり{ $zone }です。
live-zone-watcher = サイトにタイムゾーンの記載がないため、スケジュールは指定された{ $zone }として読みます。
live-zone-venue = サイトにタイムゾーンの記載がないため、スケジュールは会場の{ $zone }として読みます。
live-zone-none = サイトにタイムゾーンの記載がなく、会場からも分からないため、スケジュールは使いません（サイトは30分ごとに読み込みます）。/live watch の timezone オプションで指定してください。
live-unwatched = **{ $name }**の監視を終了しました。投稿済みの内容はそのまま残ります。
live-subscribed = { $channel }に**{ $competition }**のサイトに掲載される内容を投稿します。
live-subscribed-all = { $channel }に、監視中のすべての大会のサイトに掲載される内容を投稿します。
live-filter-disciplines = 種目：{ $list }
live-filter-levels = クラス：{ $list }
live-filter-delay = 各投稿は{ $minutes }分遅れて投稿されます。
live-filter-role = 各投稿で{ $role }にメンションします。
live-missing-permissions = ⚠️ そのチャンネルでの{ $permissions }の権限がありません。
live-permission-send-messages = メッセージを送信
live-permission-embed-links = 埋め込みリンク
live-subscriptions-title = このサーバーのライブ購読
live-subscriptions-empty = このサーバーで購読しているチャンネルはありません。モデレーターが `/live subscribe` で購読できます。
live-subscription-line = `#{ $id }` { $channel } · { $competition }
live-every-competition = 監視中のすべての大会
live-subscription-choice = #{ $id } · { $channel } · { $competition }
live-unsubscribed = { $channel }への**{ $competition }**の投稿を終了しました。
live-followed = **{ $name }**をフォローしました。スコアが発表されたら、ダイレクトメッセージでお知らせします（プライバシー設定で許可されている場合）。
live-follow-already = **{ $name }**はすでにフォロー中です。
live-unfollowed = **{ $name }**のフォローをやめました。
live-unfollow-not = **{ $name }**はフォローしていませんでした。
live-following-title = フォロー中の選手
live-following-empty = フォロー中の選手はいません。`/follow athlete` で追加できます。

## Disciplines and levels, as filters are shown
live-discipline-men = 男子シングル
live-discipline-women = 女子シングル
live-discipline-pairs = ペア
live-discipline-ice_dance = アイスダンス
live-discipline-team = 団体
live-level-senior = シニア
live-level-junior = ジュニア
live-level-advanced-novice = アドバンスド・ノービス
live-level-intermediate-novice = インターミディエイト・ノービス
live-level-basic-novice = ベーシック・ノービス
live-level-novice = ノービス
live-level-youth = ユース
live-level-adult = アダルト

## Posts to subscribed channels
live-order-title = { $category } · { $segment }：滑走順
live-order-starts = 開始：{ $at }（{ $relative }）
live-order-start-unknown = サイトに開始時刻の記載はありません。
live-order-field = 滑走順
live-order-line = `{ $number }` { $flag } **{ $name }** { $nation }
live-order-line-status = `{ $number }` { $flag } ~~{ $name }~~ { $nation }（{ $status }）
live-segment-title = { $category } · { $segment }：結果
live-segment-field = このセグメントの順位
live-segment-line = **{ $place }** { $flag } **{ $name }** { $nation }：**{ $score }**（TES { $tes } · PCS { $pcs }）
live-segment-line-deductions = **{ $place }** { $flag } **{ $name }** { $nation }：**{ $score }**（TES { $tes } · PCS { $pcs } · 減点 { $deductions }）
live-segment-line-status = { $flag } **{ $name }** { $nation }：{ $status }
live-more = …ほか{ $count }件
live-moved-field = 総合順位の変動
live-moved-line = { $flag } **{ $name }** { $before } → { $after }
live-protocol-hint = 演技のジャッジスコア：`/protocol athlete: { $athlete } competition: { $competition } segment: { $segment }`
live-final-title = { $category }：最終結果
live-final-field = 最終順位
live-final-line = { $medal } **{ $place }** { $flag } **{ $name }** { $nation }：**{ $score }**
live-final-line-status = { $flag } **{ $name }** { $nation }：{ $status }
live-footer = { $competition } · { $marker }
live-corrected = ✏️ 最初の投稿後に訂正されました：{ $changes }
live-change-place = { $name }、順位 { $before } → { $after }
live-change-score = { $name }、得点 { $before } → { $after }
live-change-status = { $name }、ステータス { $before } → { $after }
live-change-deductions = { $name }、減点 { $before } → { $after }
live-change-starting_number = { $name }、滑走番号 { $before } → { $after }
live-change-added = { $name }を追加
live-change-removed = { $name }を削除
live-none = なし

## A followed skater's score, by direct message
live-direct-title = { $name } · { $category } { $segment }
live-direct-score = { $segment }で{ $place }、**{ $score }**（TES { $tes } · PCS { $pcs }）。
live-direct-status = { $segment }：{ $status }。
live-direct-overall = このセグメントを終えて総合{ $overall }、合計**{ $total }**。
live-direct-standings = { $segment }終了時点の順位
live-direct-standing-line = **{ $place }** { $flag } { $name }：{ $total }
live-direct-footer = { $competition } · この選手をフォロー中（`/unfollow` で解除）

## The time schedule
live-schedule-title = { $competition }：タイムスケジュール
live-schedule-line = { $state } **{ $category } · { $segment }**、{ $at }（{ $relative }）
live-schedule-state-done = ✅ 終了
live-schedule-state-on = 🔴 実施中
live-schedule-state-next = ⏭️ 次
live-schedule-state-later = ⏳ 予定
live-schedule-next = 次：**{ $category } · { $segment }**（{ $relative }）
live-schedule-over = すべてのセグメントが始まりました。
live-schedule-zone = 時刻はあなたのタイムゾーンで表示しています。サイトのスケジュールは{ $zone }です。
live-schedule-zone-watcher = 時刻はあなたのタイムゾーンで表示しています。サイトにタイムゾーンの記載がないため、スケジュールは{ $zone }（/live watch で指定）として読んでいます。
live-schedule-zone-venue = 時刻はあなたのタイムゾーンで表示しています。サイトにタイムゾーンの記載がないため、スケジュールは会場の{ $zone }として読んでいます。
