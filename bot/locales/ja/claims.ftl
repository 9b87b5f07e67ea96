# 主張チェック (bot/services/claims, /story check): ストーリーが何を主張しているか、各主張の判定。
# スケーター・大会・種目の名前、スコアや数値は表示される形のまま届く。ストーリーから引用した語
# （ストーリー中の "title" や "crown"）はストーリーの書いたまま届く。

## 主張を組み立てる語
claim-medal = { $medal ->
    [gold] 金メダル
    [silver] 銀メダル
   *[bronze] 銅メダル
}
claim-segment = { $kind ->
    [short_program] ショートプログラム
    [free_skate] フリー
    [rhythm_dance] リズムダンス
   *[free_dance] フリーダンス
}
# ひとつのことの二通りの読み方（「ショートプログラムまたはフリー」「aまたはbまたはc」）。
claim-or = { $first }または{ $rest }
# ストーリーが名前を挙げずに言う順位（「表彰台を逃す」「首位から」「～に敗れる」）。
claim-rank-silver = 銀メダリスト
claim-rank-podium = 表彰台
claim-rank-leader = 首位
claim-rank-winner = 優勝者
claim-the-next = 次の順位の選手

## ストーリーの主張（$place は順位、$segment は claim-segment、$score と $points は書かれたまま）
claim-team-medal = 団体戦の{ $medal }
claim-team-place = 団体戦で{ $place }
claim-gold-champion = { $level ->
    [olympic] 金メダル（五輪チャンピオン）
    [world] 金メダル（世界チャンピオン）
   *[other] 金メダル（チャンピオン）
}
claim-gold-won-the = 金メダル（{ $what }を獲得）
claim-gold-team-event = 金メダル（団体戦で優勝）
claim-gold-won = 金メダル（優勝）
claim-silver-runner-up = 銀メダル（準優勝）
claim-gold-podium = 金メダル（表彰台の頂点）
claim-bronze-podium = 銅メダル（3位で表彰台）
claim-medal-podium = メダル（表彰台）
claim-medal-ceremony = メダル（表彰式）
claim-place-last = 最下位
claim-place-after = { $segment }を終えて{ $place }
claim-place-in = { $segment }で{ $place }
claim-place-after-or-in = { $segment }を終えて{ $place }（総合順位、または{ $segment }単独の順位）
claim-margin-behind = { $other }に{ $points }点及ばず
claim-margin-ahead = { $other }を{ $points }点上回る
claim-team-points = { $points }ポイント
claim-total = 総合{ $score }点
claim-score-in = { $segment }で{ $score }点
claim-score-total-or = { $score }点（総合または{ $segments }）
claim-score-segment = { $score }点（いずれかの演技の得点）
claim-score-any = { $score }点（総合またはいずれかの演技の得点）
claim-ahead-of = { $other }より上位
claim-behind = { $other }より下位
claim-falls = 転倒{ $n }回
claim-a-fall = 転倒
# ひとつの演技について言われた点差・順位の上下・転倒。
claim-in-segment = { $segment }で{ $claim }

## 読んだ時点でわかる、主張を照合できない理由
claim-past-title-or-medal = この大会より前に獲得したタイトルかメダル: どれかは書かれていません
claim-past-title = この大会より前に獲得したタイトル: どれかは書かれていません
claim-past-result = 別の大会の結果: どの大会かは書かれていません
claim-team-after-segment = 演技ごとの団体戦の途中順位は記録していません
claim-skater-team-points = 選手個人が団体戦で獲得したポイントは照合しません
claim-not-in-store = 結果データにありません
claim-pronoun-unclear = 「{ $word }」が誰かはっきりしません: { $first } または { $second }
claim-home-entry = 地元の選手: どの選手かは書かれていません
claim-could-be = { $names }または{ $last }の可能性があります

## 報告
claim-summary = 一致 { $consistent } · 矛盾 { $contradicted } · 照合不可 { $uncheckable }
claim-summary-none = 照合できる主張なし

## 判定: どの大会か
verdict-no-competition = ストーリーにどの大会のことか書かれていません
verdict-competition-ambiguous = 「{ $text }」は{ $labels }または{ $last }の可能性があります
verdict-competition-named = 大会「{ $text }」
verdict-competition-missing = 結果データに{ $missing }はありません
verdict-competition-missing-has = 結果データに{ $missing }はありません（あるのは{ $has }）

## 判定: 誰のことか、その結果がどこにあるか
verdict-subject = { $name }: { $why }
verdict-nothing-stored = 照合できる記録がありません
verdict-not-one-skater = 「{ $name }」は一人のスケーターではありません
verdict-discipline = { $discipline ->
    [men] 男子シングル
    [women] 女子シングル
    [pairs] ペア
    [ice_dance] アイスダンス
   *[team] 団体
}
verdict-no-discipline-event = { $competition }の{ $discipline }の記録がありません
verdict-no-entry-in = { $competition }の{ $event }に{ $name }の記録がありません
verdict-no-entry = { $competition }に{ $name }の記録がありません
verdict-nothing-at = { $where }にはその記録がありません
verdict-no-event = 照合できる種目の記録がありません

## 判定: 照合した文の読み方（「Milano Cortina 2026 · 女子 · Kaori Sakamoto、総合得点」）
verdict-where = { $competition } · { $event }
verdict-reading = { $where } · { $what }
verdict-reading-who = { $where } · { $who }、{ $what }
verdict-what-final-place = 最終順位
verdict-what-rank = { $segment }の順位
verdict-what-total = 総合得点
verdict-what-score = { $segment }の得点
verdict-what-order = 順位の上下
verdict-what-margin = 点差
verdict-what-segment-order = { $segment }での順位の上下
verdict-what-segment-margin = { $segment }での点差
verdict-what-falls = 転倒
verdict-what-falls-in = { $segment }での転倒
verdict-what-team-points = { $country }の団体戦ポイント
verdict-what-team-place = { $country }の団体戦の順位
verdict-what-team-order = 団体戦の順位の上下
verdict-what-team-margin = 団体戦の点差
verdict-what-country-place = { $country }の選手の順位

## 判定: 結果データの内容
verdict-stored = 記録: { $stored }
verdict-stored-of = 記録: { $stored }（{ $last }の選手も記録あり）
verdict-field-unknown = 記録: { $stored }。最下位だったかは不明（全順位の記録なし）
verdict-stored-note = 記録のメモ: { $note }
verdict-by-size = { $why }（{ $value }点という大きさは、この大会では文の示す得点ではありえないため、大きさから読んだ）
verdict-anothers-score = { $why }。主張の数字は{ $name }の{ $what }と完全に一致（別の選手の数字として読んだ可能性）
verdict-margin-of-another-kind = { $why }。主張の点差は両者の{ $kind }の差と完全に一致（別の種目の差として読んだ可能性）
verdict-not-stored = { $what }の記録がありません（{ $reading }）
verdict-place-medal = { $place }（{ $medal }）
verdict-one-of = { $why }（{ $n }通りの読み方のひとつ）
verdict-several-ways = この文は{ $n }通りに読めますが、どれも記録と一致しません（{ $tried }）
verdict-tried = { $reading }: { $stored }
verdict-tried-more = { $first }、{ $rest }
verdict-the-next-placed = 次の順位の選手
verdict-no-result-to-compare = 比較する{ $name }の結果が記録されていません（{ $where }）
verdict-places-not-stored = { $name }と{ $other }の順位が両方とも記録されてはいません
verdict-order = { $place }（{ $name }は{ $other }）
verdict-scores-not-stored = { $name }と{ $other }の得点が両方とも記録されてはいません
verdict-margin-approximate = 小数点のある得点どうしの差を整数の点数で言った場合、近似にすぎません
verdict-margin-ahead = { $name }を{ $points }点上回る
verdict-margin-behind = { $name }に{ $points }点及ばず
verdict-falls-not-recorded = この演技の転倒は記録されていません
verdict-falls-counted = 記録のメモでは転倒{ $n }回
verdict-no-team-event = { $competition }の団体戦の記録がありません
verdict-no-team-result = { $country }の団体戦の結果が記録されていません（{ $where }）
verdict-no-team-points = { $country }の団体戦ポイントが記録されていません（{ $where }）
verdict-team-points = { $points }ポイント
verdict-team-margin-ahead = { $country }を{ $points }ポイント上回る
verdict-team-margin-behind = { $country }に{ $points }ポイント及ばず
verdict-team-results-not-stored = 比較する団体戦の結果が記録されていません（{ $where }）
verdict-team-places-not-stored = 団体戦の順位が両方とも記録されてはいません
verdict-team-points-not-stored = 団体戦のポイントが両方とも記録されてはいません
verdict-which-skater = { $name }: どのスケーターのことか書かれていません
verdict-country-place = { $place }: { $name }
verdict-country-place-other = { $place }: { $name }（{ $country }）
verdict-no-place-for = { $name }の{ $place }の記録がありません（{ $where }）

## /story check: ページ
check-title = ストーリー #{ $id } の主張チェック
check-title-where = ストーリー #{ $id } の主張チェック · { $where }
check-empty = このストーリーには、結果について照合できる主張がありません。
check-claim = { $badge } **{ $subject }**: { $claimed }
check-claim-stored = { $badge } **{ $subject }**: { $claimed } — 記録: **{ $stored }**
check-read-as = 読み方: { $reading }
check-source = ([出典]({ $url }))

## schema.org ClaimReview の書き出し (bot/services/claimreview.py)。未検証のストーリーだけが断られるので $label は使わない
claim-review-unlabelled = ストーリー #{ $id } はまだ未検証です。ファクトチェックとして書き出す前にラベルを付けてください。

## コマンド
cmd-story-check = ストーリーの主張を結果データと照合します（モデレーター）
cmd-story-check-id = ストーリー番号
