# 表彰台予想 (bot/services/predictions.py, bot/discord_layer/ui/predictions.py, cogs/predict.py): メンバーが種目の表彰台と
# ショートの1位を予想し、最初のセグメント開始で締め切り、最終結果で採点します。
# タイムスタンプは Discord の <t:…> 記法で届き、読む人それぞれのタイムゾーンで表示されます。

## Commands
cmd-predict = 表彰台予想：種目が始まる前にメダリストを予想します
cmd-predict-pick = 種目の金・銀・銅とショートの1位を予想します（締め切りまで変更できます）
cmd-predict-pick-competition = 大会
cmd-predict-pick-event = 種目（例：女子シングル）
cmd-predict-pick-gold = 金（出場者。ペア・カップルはどちらの名前でも）
cmd-predict-pick-silver = 銀
cmd-predict-pick-bronze = 銅
cmd-predict-pick-short = ショートプログラム（リズムダンス）の1位
cmd-predict-show = このサーバーでのあなたの予想（あなただけに表示）
cmd-predict-leaderboard = このサーバーの大会またはシーズンの予想ランキング
cmd-predict-leaderboard-competition = 大会（既定：シーズン）
cmd-predict-leaderboard-season = シーズン（例：2025-26。既定：予想のある最新のシーズン）
cmd-predict-settings = このサーバーの予想：発表チャンネル、オン・オフ、採点表（モデレーター）
cmd-predict-settings-channel = 採点結果を発表するチャンネル
cmd-predict-settings-enabled = メンバーが予想できるかどうか
cmd-predict-settings-scoring = 採点表
cmd-predict-lock = 種目の予想を今すぐ締め切ります（モデレーター）
cmd-predict-lock-competition = 大会
cmd-predict-lock-event = 種目
choice-predict-scoring-standard = standard：順位的中 5、表彰台 2、ショート 3
choice-predict-scoring-generous = generous：順位的中 4、表彰台 3、ショート 2
choice-predict-scoring-exact = exact：順位的中 6、表彰台 0、ショート 3

## What the service refuses
predict-off = このサーバーでは予想はオフです。
predict-team-event = 団体戦は予想の対象外です。個人の種目を選んでください。
predict-no-entries = { $competition } の { $event } には出場者がまだ保存されていないため、予想できません。
predict-not-entered = { $name } は { $event } に出場していません。
predict-entry-ambiguous = { $name } に当てはまる出場者が複数います：{ $entries }。一覧から選んでください。
predict-same-pick = 同じ出場者を表彰台の2か所に置くことはできません。
predict-locked = { $event } の予想は { $at } に締め切られました。
predict-locked-scored = { $event } は終了し採点済みです。予想は締め切られました。
predict-locked-started = { $event } は始まっています。予想は締め切られました。
predict-bad-scoring = { $scoring } という採点表はありません。採点表：{ $known }。
predict-no-rounds = このサーバーではまだ誰も予想していません。

## Replies
predict-picked = { $competition } の { $event } のあなたの予想：
predict-changed = { $competition } の { $event } のあなたの予想を変更しました：
predict-slot-gold = 🥇 { $name }
predict-slot-silver = 🥈 { $name }
predict-slot-bronze = 🥉 { $name }
predict-slot-short = ショート：{ $name }
predict-locks-at = 締め切りは { $at } です。
predict-locks-by-moderator = この種目の開始時刻はスケジュールにありません。モデレーターが締め切るか、種目が始まると締め切られます。
predict-locked-at = { $at } に締め切り。
predict-lock-started = 締め切り：種目が始まっています。
predict-lock-scored = 採点済み。
predict-lock-unknown-event = この種目はもう保存されていません。
predict-lock-done = { $event } の予想を締め切りました（{ $at }）。
predict-show-title = あなたの予想
predict-show-none = このサーバーではまだ何も予想していません。
predict-show-event = { $event } · { $competition }
predict-points = **{ $points }** 点
predict-slot-name-gold = 金
predict-slot-name-silver = 銀
predict-slot-name-bronze = 銅
predict-slot-name-short = ショート
predict-why-exact = { $slot }：{ $name }、順位的中：+{ $points }
predict-why-podium = { $slot }：{ $name }、別の順位で表彰台：+{ $points }
predict-why-missed = { $slot }：{ $name }、はずれ：0
predict-why-won = { $slot }：{ $name } が1位：+{ $points }
predict-why-out = { $slot }：{ $name } は完走せず（{ $status }）：0
predict-why-absent = { $slot }：{ $name } は最終結果にいません：0
predict-board-competition = 予想 · { $competition }
predict-board-season = 予想 · { $season } シーズン
predict-board-line = { $rank }. { $member }：**{ $points }** 点（{ $rounds } 種目）
predict-board-empty = 採点済みの予想はまだありません。
predict-settings-on = 予想はオンです。
predict-settings-off = 予想はオフです。
predict-settings-channel = 採点結果は { $channel } で発表します。
predict-settings-no-channel = チャンネルが選ばれていないため、採点結果は発表しません。
predict-settings-scoring = 採点表：{ $scoring }（順位的中 { $exact }、表彰台 { $podium }、ショート { $short }）。

## The announcement
predict-announce-title = 予想 · { $event } · { $competition }
predict-announce-podium-line = { $place ->
    [1] 🥇
    [2] 🥈
   *[other] 🥉
} { $name }
predict-announce-short = ショート1位：{ $name }
predict-announce-corrected = 結果が訂正されたため、予想を採点し直しました。
predict-announce-member = { $rank }. { $member }：**{ $points }** 点
predict-announce-more = ほか { $count } 人。
predict-announce-out = { $name } は完走しませんでした（{ $status }）。この選手の予想は0点です。
predict-announce-absent = { $name } は最終結果にいません。この選手の予想は0点です。
predict-announce-legend = ✅ 的中（順位 +{ $exact }、ショート +{ $short }）· 🟡 別の順位で表彰台 +{ $podium } · ❌ はずれ · ⛔ 完走せず
predict-announce-footer = { $legend } · 採点表：{ $scoring } · { $marker }
predict-announce-rescored = サーバーの採点表が { $scoring } に変わったため、予想を採点し直しました。

## The lock post
predict-lock-title = 予想締め切り · { $event } · { $competition }
predict-lock-post-schedule = 種目が { $at } に始まり、予想は締め切られました。
predict-lock-post-moderator = モデレーターが { $at } に予想を締め切りました。
predict-lock-post-started = 種目が始まったため、予想は締め切られました。
predict-lock-post-picks = 予想は **{ $count }** 件です。最終結果が出たら採点します。
predict-lock-footer = { $marker }
