# skatebot のベストスコアと最高記録：skatebot のデータ内の最高得点を、採点ルールの時期とクラスごとに（ISU の公式リストではありません）。
# { $… } の値はコードが入れます。ユーザーが入力した文字列は引用済みで届きます。

## コマンド (cogs/bests.py)：説明は100文字以内
cmd-bests = skatebot のデータにあるシーズンベストまたは歴代ベスト。選手ごとに1つ、採点ルールの時期別。
cmd-bests-discipline = 男子、女子、ペア、アイスダンス
cmd-bests-season = シーズン（例：2016-17）。空欄ならデータ内の全シーズン
cmd-bests-segment = 総合（既定）または1つのセグメント
cmd-bests-level = シニア（既定）またはジュニア
cmd-records = skatebot のデータにある総合とセグメントの最高得点。種目・クラス・ルールの時期別。
cmd-records-discipline = この種目のみ
choice-bests-segment-total = 総合
choice-bests-segment-short-program = ショートプログラム
choice-bests-segment-free-skate = フリースケーティング
# アイスダンスの最初のセグメント：2018-19 以降はリズムダンス、それ以前はショートダンス。
choice-bests-segment-rhythm-dance = リズムダンス / ショートダンス
choice-bests-segment-free-dance = フリーダンス
choice-bests-level-senior = シニア
choice-bests-level-junior = ジュニア

## 「… に一致する … はありません」「… が複数あります」で使う名前 (bot/errors.py)
bests-noun-season = シーズン
bests-noun-seasons = シーズン
bests-noun-segment = セグメント
bests-noun-level = クラス

## データにないもの：「{ $missing }はデータにありません。」(core.ftl の error-not-in-store)
bests-missing-season = { $season }シーズン
bests-missing-segment = { $discipline }の「{ $segment }」
bests-missing-scores = { $discipline }（{ $segment }、{ $level }）の得点
bests-missing-scores-in = { $season }の{ $discipline }（{ $segment }、{ $level }）の得点

## 順位付けするセグメント
bests-segment-total = 総合
# 2010-11 から 2017-18 までのアイスダンスの最初のセグメント（リズムダンスと同じ種類で保存）。
bests-segment-short-dance = ショートダンス

## /bests
bests-title-season = シーズンベスト { $season } · { $discipline } · { $segment } · { $level }
bests-title = ベストスコア · { $discipline } · { $segment } · { $level }
bests-team-event = 団体戦
bests-footer = skatebot のデータにある各選手のベストスコアを1つずつ表示しています。ISU 公式のシーズンベストやパーソナルベストではありません。採点ルールの時期が異なる得点は別々に順位付けしています。団体戦のセグメント得点も ISU と同様に含めています。

## /records
records-title = データ内の最高得点 · { $discipline }
records-group = { $level } · { $era }
records-footer = skatebot のデータにある最高得点で、ISU 公式の最高記録リストではありません。総合得点は個人戦の大会での合計です。団体戦のセグメント得点も含みます（印付き）。
