# skatebot の成績：順位、選手、対戦成績、表彰台、メダル数、採点詳細、/about。
# { $… } の値はコードが入れます。ユーザーが入力した文字列は、引用・エスケープ済みで届きます。

## コマンド (cogs/results.py, cogs/athletes.py, cogs/meta.py)：説明は100文字以内
cmd-results = 種目の順位：順位、総合得点、各セグメントの得点。
cmd-results-competition = 大会（例：Milano Cortina 2026）
cmd-results-event = 種目（例：Men）
cmd-results-segment = このセグメントのみ（例：Free skate）
cmd-podiums = 種目別の表彰台。新しい大会から順に表示。
cmd-podiums-discipline = 男子、女子、ペア、アイスダンス、団体戦
cmd-podiums-competition = この大会のみ
cmd-medals = 1つの大会の国別メダル数。
cmd-medals-competition = 大会（例：Milano Cortina 2026）
cmd-protocol = 演技の採点詳細：要素、GOE、各ジャッジの評価、演技構成点。
cmd-protocol-athlete = 選手
cmd-protocol-competition = 大会
cmd-protocol-segment = セグメント（例：Free skate）
cmd-protocol-card = 採点詳細を画像で添付：ジャッジ評価のヒートマップ
cmd-athlete = 選手のプロフィール：国、メダル、成績、ベストスコア。
cmd-athlete-name = 選手名（表記や姓名の順は問いません）
cmd-athlete-chart = シーズンごとの得点のグラフを添付（画像）
cmd-compare = 2人の選手が同じ種目に出場したときの対戦成績。
cmd-compare-a = 1人目の選手
cmd-compare-b = 2人目の選手
cmd-compare-chart = 対戦した大会の総合得点のグラフを添付（画像）
cmd-about = skatebot が読み込んだデータと、誤りの報告方法。
cmd-ping = skatebot が応答しているか確認します。
choice-discipline-men = 男子シングル
choice-discipline-women = 女子シングル
choice-discipline-pairs = ペア
choice-discipline-ice-dance = アイスダンス
choice-discipline-team = 団体戦

## 「… に一致する … はありません」「… が複数あります」で使う名前 (bot/errors.py)
noun-competition = 大会
noun-competitions = 大会
noun-athlete = 選手
noun-athletes = 選手
noun-discipline = 種目
noun-event-at = { $competition }の種目
noun-events-at = { $competition }の種目
noun-segment-in = { $event }のセグメント
noun-segment-skated-at = { $athlete }が{ $competition }で滑ったセグメント
noun-spelling-of = { $skater }の表記

## 種目、セグメント、メダル、クラス
discipline-men = 男子シングル
discipline-women = 女子シングル
discipline-pairs = ペア
discipline-ice-dance = アイスダンス
discipline-team = 団体戦
# 文中での言い方：「… は男子シングルと … に出場」
discipline-phrase-men = 男子シングル
discipline-phrase-women = 女子シングル
discipline-phrase-pairs = ペア
discipline-phrase-ice-dance = アイスダンス
discipline-phrase-team = 団体戦
segment-short-program = ショートプログラム
segment-free-skate = フリースケーティング
segment-rhythm-dance = リズムダンス
segment-free-dance = フリーダンス
segment-short-dance = ショートダンス
# 大会に保存された種目名・セグメント名（出典の表記）。日本語では種目とクラスから名付けます。
event-name = { $shape ->
    [senior] { $discipline }
    [level] { $level }{ $discipline }
   *[stored] { $stored }
}
segment-name = { $shape ->
    [team] { $discipline } { $kind }
    [stored] { $stored }
   *[kind] { $kind }
}
medals-gold = 金メダル
medals-silver = 銀メダル
medals-bronze = 銅メダル
# 種目のクラス (bot/services/levels.py)。各連盟独自のクラスは表記のまま表示されます。
level-event-senior = シニア
level-event-junior = ジュニア
level-event-advanced-novice = アドバンスドノービス
level-event-intermediate-novice = インターミディエイトノービス
level-event-basic-novice = ベーシックノービス
level-event-novice = ノービス
level-event-youth = ユース
level-event-adult = アダルト
level-event-unknown = クラス不明
# 大会の格 (bot/services/competitions.py)
level-competition-olympics = 冬季オリンピック
level-competition-worlds = 世界選手権
level-competition-junior-worlds = 世界ジュニア選手権
level-competition-europeans = 欧州選手権
level-competition-four-continents = 四大陸選手権
level-competition-grand-prix = グランプリシリーズ
level-competition-grand-prix-final = グランプリファイナル
level-competition-challenger = チャレンジャーシリーズ
level-competition-national = 国内選手権

## データにないもの：「{ $missing }はデータにありません。」(core.ftl の error-not-in-store)
# $edition：五輪の回次（ローマ数字、XXV）。$when：年またはシーズン（2026、2025-26）。
store-missing-level = { $level }
store-missing-when = { $when } { $level }
store-missing-edition = 第{ $edition }回{ $level }
store-missing-edition-when = 第{ $edition }回{ $level }（{ $when }）
store-missing-competition-matching = { $query }に一致する大会

## サイトからのインポートと表記（ボットのオーナー）
store-import-owners-only = 成績をインポートできるのはボットのオーナーだけです。
store-import-failed = 何もインポートされませんでした：{ $problem }
athlete-alias-owners-only = 選手名の表記を変更できるのはボットのオーナーだけです。
athlete-alias-exists = { $skater }には既に { $alias } という表記があります。
athlete-alias-empty = 表記には文字か数字が1つ以上必要です。
athlete-alias-too-long = 表記は{ $limit }文字までです。

## 選手を探す
athlete-is-couple = { $query }はカップルです。どちらか1人の名前を入力してください。
athlete-never-together = データにある成績には、{ $a }と{ $b }が組んで出場したものがありません。1人ずつ調べてください。
athlete-no-results-at = データには{ $competition }での{ $athlete }の成績がありません。
# 何も入力する前の候補：「Ilia Malinin · Worlds 2025 金メダル」
athlete-choice-medallist = { $name } · { $competition } { $medal }

## 順位 (/results) と成績の埋め込み共通
results-none-stored = まだ成績が登録されていません。
results-none-yet = { $competition }（{ $dates }、{ $place }）：まだ成績が登録されていません。
results-known-places = 登録されている順位：{ $places }（報道からの集計。ほかの順位は登録されていないため、全順位表ではありません）。
results-no-places-known = この{ $n }件には最終順位が登録されていません（報道からの集計）。
results-disputed = ⚠ 情報源で食い違い：{ $text }
results-page-footer = { $number }/{ $pages }ページ · { $footer }
results-lines-more = …ほか{ $n }件
results-marks-legend = 印のない数値は複数の出典または公式のものです
results-mark-single-source = { $mark } 出典1件のみ
results-mark-derived = { $mark } 算出値（発表値ではなく計算したもの）
results-mark-unknown = — 不明
results-tes = 技術点 { $score }
results-pcs = 演技構成点 { $score }
results-deductions-short = 減点 { $score }
results-final-place = 最終順位 { $place }
results-points = { $points }点
results-points-bold = **{ $points }**点

## 選手のプロフィール (/athlete)
athlete-disciplines = { $disciplines }
athlete-couple-partners = 2人で出場した成績です。それぞれ：{ $names }
athlete-partners = パートナー：{ $names }
athlete-also-written = 別表記：{ $spellings }
athlete-also-written-by = { $name }の別表記：{ $spellings }
# 大会の種類別のメダル。ジュニアのメダルはシニアと分けて表示：「グランプリシリーズ：🥇 2 · 🥈 1」
athlete-medals = データ内のメダル
athlete-medals-none = 記録なし
athlete-medal-count = { $medal } { $count }
athlete-medal-line = { $competitions }：{ $medals }
athlete-medal-line-team = { $competitions }（団体戦）：{ $medals }
# シニア以外のクラス：「ジュニア · グランプリファイナル：🥉 1」
athlete-medal-line-level = { $level } · { $competitions }：{ $medals }
athlete-medal-line-level-team = { $level } · { $competitions }（団体戦）：{ $medals }
athlete-medals-olympics = 冬季オリンピック
athlete-medals-worlds = 世界選手権
athlete-medals-continental = 欧州選手権・四大陸選手権
athlete-medals-grand-prix-final = グランプリファイナル
athlete-medals-grand-prix = グランプリシリーズ
athlete-medals-junior-worlds = 世界ジュニア選手権
athlete-medals-other = その他の大会
# ベストスコア。採点ルールの時期ごとに1つの欄（ルールを明記）：時期の異なる得点を1つのベストにはしません。
athlete-bests-era = データ内のベストスコア · { $era }
athlete-best-line = { $label }：**{ $score }**（{ $competition }、{ $date }）
athlete-best-total = 総合
athlete-best-short-dance = ショートダンス
athlete-best-at-level = { $kind }（{ $level }）
athlete-best-level-unknown = { $kind }（クラス不明）
# 演技の日が登録されていないとき：大会の開催期間。
athlete-dates = { $start }〜{ $end }
# 経歴。シーズンごとに1つの欄、新しい順。複数の時期にまたがるときは採点ルールを明記。
athlete-results = 成績
athlete-season = { $season }シーズン
athlete-season-era = { $season }シーズン · { $era }
athlete-segments-only = セグメントのみ（{ $scores }）
athlete-results-more = …ほか、以前の{ $n }大会は表示していません。各大会は /results で確認できます
athlete-team-outcome = { $place }（{ $team }）
athlete-team-outcome-points = { $place }（{ $team }、{ $points }点）

## 対戦成績 (/compare)
compare-same-athlete = どちらのオプションも{ $athlete }を指しています。異なる2人の選手を選んでください。
compare-title = { $a } vs { $b }
compare-never-met = データにある成績では、{ $a }と{ $b }は同じ種目に出場していません。
compare-partners = { $a }と{ $b }は一緒に滑るパートナーで、ライバルではありません（{ $events }）。
compare-other-disciplines = { $a }は{ $a_discipline }、{ $b }は{ $b_discipline }の選手です。2人が対戦することはありません（団体戦では別のセグメントを滑ります）。
compare-discipline-and = { $first }と{ $second }
compare-finished-ahead = データにある両者出場の{ $events }種目で上位だった回数
compare-one-era = すべて{ $era }で採点されています。
# 異なるルールで採点された対戦：時期ごとに別々に集計し、各対戦に時期を付けます。
compare-eras-mixed = 2人の対戦は{ $eras }つの採点ルールの時期にまたがっています。得点と順位は時期ごとに数え、時期をまたいで比べません。
compare-era-tally = **{ $era }**：{ $a } { $a_wins } – { $b_wins } { $b }（データにある両者出場の{ $events }種目で上位だった回数）
compare-place = 順位：{ $a } vs { $b }
compare-total = 総合：{ $a } vs { $b }
compare-segment = { $segment }：{ $a } vs { $b }
compare-differences = 差は { $a } − { $b }
compare-meetings-more = …ほか、以前の{ $n }回の対戦は表示していません

## 表彰台とメダル数 (/podiums, /medals)
podium-title = 表彰台 · { $discipline }
medals-title = メダル数 · { $competition }
# メダル表の列見出し：等幅表のため半角英字のまま（国の列は4文字、メダルは2文字、合計は4文字）。
medals-column-country = 国
medals-column-gold = 金
medals-column-silver = 銀
medals-column-bronze = 銅
medals-column-total = 計
medals-footer = 登録された最終順位に基づきます。団体戦のメダルは1か国につき1個と数えます

## 採点詳細 (/protocol)
protocol-not-stored = { $competition }の{ $segment }での{ $athlete }の採点詳細は登録されていません。採点詳細が含まれるのは ISU 公式データのインポートだけです。
# 要素表の列見出し：等幅表のため ISU の英語表記のまま（Element 13文字、Info 5、基礎点 6、GOE 7、得点 6）。
protocol-column-element = 要素
protocol-column-info = 情報
protocol-column-base-value = 基礎点
protocol-column-goe = GOE
protocol-column-judges = ジャッジ
protocol-column-score = 得点
protocol-column-tes = TES
protocol-summary = { $rank }位 · 得点 **{ $tss }** = 技術点 { $tes } + 演技構成点 { $pcs }
protocol-summary-deductions = { $rank }位 · 得点 **{ $tss }** = 技術点 { $tes } + 演技構成点 { $pcs } − 減点 { $deductions }
protocol-components = 演技構成点
protocol-component = { $kind ->
    [skating-skills] スケーティングスキル
    [transitions] トランジション
    [performance] パフォーマンス
    [composition] コンポジション
    [interpretation] 音楽の解釈
    [presentation] プレゼンテーション
   *[other] { $stored }
}
protocol-deductions = 減点
protocol-legend = 凡例
protocol-footer = ISU 公式の採点詳細
protocol-footer-judges = ISU 公式の採点詳細 · ジャッジ：{ $judges }
# Info 欄の記号の意味（ISU コミュニケーション / テクニカルパネルハンドブックの用語、短く）
protocol-marker-downgraded = ダウングレード
protocol-marker-under-rotated = 回転不足
protocol-marker-quarter = 4分の1回転不足で着氷（クォーター）
protocol-marker-wrong-edge = 不正エッジ
protocol-marker-unclear-edge = エッジ注意
protocol-marker-fall = 転倒
protocol-marker-invalid = 無効な要素
protocol-marker-repeated = ジャンプの繰り返し（基礎点減）
protocol-marker-reduced = 基礎点減
protocol-marker-bonus = ボーナス：演技後半

## /about
about-description = フィギュアスケートのコミュニティの記憶：すべての数値に出典が残るデータから、成績、選手、対戦成績を表示します。
about-data-loaded = 読み込み済みのデータ
about-counts = { $competitions }大会 · { $events }種目 · エントリー{ $entries }件 · 選手{ $skaters }人
about-competitions = 大会
about-sources-title = 数値の出典
about-sources = 公開報道と公式結果：{ $sites }
about-sources-more = 公開報道と公式結果：{ $sites } ほか{ $more }件
about-last-import = 最終インポート
about-last-import-from = { $date }（<{ $url }> から）
about-credits-title = クレジット
about-credits = 2016-17シーズンと2017年秋の採点詳細：BuzzFeed News のデータ [figure-skating-scores](https://github.com/BuzzFeedNews/figure-skating-scores)（ISU のプロトコルから抽出）、[CC BY 4.0](https://creativecommons.org/licenses/by/4.0/) に基づき利用。skatebot の形式に変換し、総合得点と順位はセグメントの得点から算出しています。
about-report-title = 数値の誤りを見つけたら
about-report = 大会、数値、出典を添えてサーバーのモデレーターにお知らせください。ボットのオーナーが `skatebot import` でデータを修正します。* の付いた数値は出典が1件のみ、† の付いた数値は計算値です。
about-footer = { $name } { $version } · すべての数値に出典と信頼度が残ります

## 採点ルールの時期 (bot/services/eras.py)：時期の異なる得点は、そう明記せずに比べません
era-2004-2010 = 2004–10年のルール（GOE −3〜+3、演技構成点5項目、コンパルソリーダンスとオリジナルダンス）
era-2010-2018 = 2010–18年のルール（GOE −3〜+3、演技構成点5項目）
era-2018-2022 = 2018–22年のルール（GOE −5〜+5、演技構成点5項目）
era-2022- = 2022年以降のルール（GOE −5〜+5、演技構成点3項目）
era-unknown = 採点ルールの時期は不明
# 同じものを短く：対戦名の後（「Beijing 2022 · 男子シングル · 2018–22年ルール」）、シーズンの後
era-short-2004-2010 = 2004–10年ルール
era-short-2010-2018 = 2010–18年ルール
era-short-2018-2022 = 2018–22年ルール
era-short-2022- = 2022年以降のルール
era-short-unknown = 時期不明
