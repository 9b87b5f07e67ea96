# グラフと採点カード (bot/services/charts/, bot/discord_layer/ui/charts.py)：画像の文字と代替テキスト（添付ファイルの説明。
# スクリーンリーダーが読み上げる。1,024文字以内）。

## 画像の文字
chart-athlete-title = { $name }：シーズンごとの得点
chart-score = 得点
chart-total = 総合得点
chart-personal-best = パーソナルベスト
chart-other-level = 破線：シニア以外の種目
chart-series-discipline = { $era }・{ $discipline }
chart-series-level = { $series }（{ $level }）
chart-compare-title = { $a }と{ $b }：同じ種目での総合得点
chart-protocol-title = { $name }・{ $competition }
chart-base-value = 基礎点
chart-goe = GOE
chart-panel-score = 得点
chart-factor = 係数
chart-protocol-totals = 技術点 { $tes }・演技構成点 { $pcs }・減点 { $deductions }・合計 { $tss }
chart-marks-heading = 要素：各ジャッジのGOE
chart-components-heading = 演技構成点：評価と中央値の差
chart-deductions-heading = 減点

## 代替テキスト
chart-alt-athlete = { $name }の得点の折れ線グラフ：{ $competitions }大会、{ $first }から{ $last }まで。{ $panels }。採点ルールの時期（{ $eras }）ごとに1本の線で、時期をまたいでつなぎません。星はパーソナルベスト：{ $bests }。
chart-alt-best = { $kind } { $score }（{ $competition }）
chart-alt-bests-none = なし
chart-alt-left-out = 得点が保存されていない{ $count }演技は描いていません。
chart-alt-compare = { $a }と{ $b }が同じ種目に出場した{ $meetings }大会の総合得点の棒グラフ。古い順に並べ、採点ルールの時期（{ $eras }）ごとに分けています。
chart-alt-compare-left-out = 両者の総合得点がない{ $count }大会（団体戦）は描いていません。
chart-alt-protocol = { $competition }での{ $name }の{ $segment }のジャッジ評価のヒートマップ：{ $elements }要素と演技構成点、ジャッジ{ $judges }人、基礎点、GOE、得点、減点つき。{ $totals }。
chart-alt-widest = ジャッジの評価の差がいちばん大きかった要素は{ $element }（最高と最低の差：{ $spread }）。
chart-alt-podium = { $competition } { $category }の表彰台カード：{ $steps }。
chart-alt-podium-step = { $place } { $name }（{ $nation }）{ $total }
chart-alt-podium-left-out = 合計点のない表彰台の{ $count }人は描いていません。

## エラー
chart-failed = 今はグラフを描けませんでした。もう一度試すか、グラフのオプションなしで文字の回答をご覧ください。
chart-none-stored = { $athlete }の得点がストアにないため、グラフは描けません。文字の回答をご覧ください。
chart-button = グラフ
