# 結果データから見つけた注目の事実 (bot/services/facts/): 「結果に基づく」名場面の候補。
# 検索とクレームのチェックが読むのは既定言語（en-US）の文です。数字を「公式」とは呼ばないでください。
# 値は表示どおりに届きます: 名前はエスケープ済み、得点は小数点以下2桁、$medal はコード（gold, silver, bronze）。

## Segments, as said inside a sentence
facts-segment-short-program = ショートプログラム
facts-segment-free-skate = フリー
facts-segment-rhythm-dance = リズムダンス
facts-segment-short-dance = ショートダンス
facts-segment-free-dance = フリーダンス

## A climb of three places or more from the first segment to the final result
facts-climb-title = { $name }、{ $competition }で{ $from }から{ $place }へ
facts-climb-body = { $name }は{ $competition }の{ $segment }を終えて{ $from }でしたが、{ $place }まで順位を上げ、合計{ $total }点で終えました。

## The last segment won from fifth place or lower after the first
facts-segment-win-title = { $name }、{ $competition }で{ $from }から{ $segment }1位
facts-segment-win-body = { $name }は{ $competition }の{ $first }を終えて{ $from }でした。{ $name }は{ $segment }で{ $score }点をマークし、1位となりました。

## The highest total, and the highest score of a segment, of a competition's event
facts-top-total-title = { $competition }の最高合計得点：{ $name }の{ $total }
facts-top-total-body = { $name }は{ $competition }で合計{ $total }点をマークしました。同大会の{ $discipline }で最高の合計得点です。
facts-top-segment-title = { $name }、{ $competition }の{ $segment }で{ $score }をマークし1位
facts-top-segment-body = { $name }は{ $competition }の{ $segment }で{ $score }点をマークし、1位となりました。

## The highest total and segment score of a season, and of a scoring era, among the competitions skatebot holds
## (never an official season's best: the store lacks competitions). $level: senior or junior; $scope: a season
## ("2016-17") for season-best, the era's short name ("2010–18 rules") for era-best.
facts-season-best-total-title = { $name }が{ $competition }でマークした{ $score }：skatebotの結果で{ $scope }シーズンの{ $level ->
    [junior] ジュニア最高合計得点
   *[other] 最高合計得点
}
facts-season-best-total-body = { $name }は{ $competition }で{ $score }点をマークしました。skatebotの結果では、{ $scope }シーズンの{ $discipline }で最高の{ $level ->
    [junior] ジュニアの合計得点
   *[other] 合計得点
}です。
facts-season-best-segment-title = { $name }が{ $competition }でマークした{ $score }：skatebotの結果で{ $scope }シーズンの{ $level ->
    [junior] ジュニアの{ $segment }最高得点
   *[other] { $segment }最高得点
}
facts-season-best-segment-body = { $name }は{ $competition }の{ $segment }で{ $score }点をマークしました。skatebotの結果では、{ $scope }シーズンの{ $discipline }で最高の{ $level ->
    [junior] ジュニアの{ $segment }の得点
   *[other] { $segment }の得点
}です。
facts-era-best-total-title = { $name }が{ $competition }でマークした{ $score }：skatebotの結果で{ $scope }のもとでの{ $level ->
    [junior] ジュニア最高合計得点
   *[other] 最高合計得点
}
facts-era-best-total-body = { $name }は{ $competition }で{ $score }点をマークしました。skatebotの結果では、{ $scope }のもとでの{ $discipline }で最高の{ $level ->
    [junior] ジュニアの合計得点
   *[other] 合計得点
}です。
facts-era-best-segment-title = { $name }が{ $competition }でマークした{ $score }：skatebotの結果で{ $scope }のもとでの{ $level ->
    [junior] ジュニアの{ $segment }最高得点
   *[other] { $segment }最高得点
}
facts-era-best-segment-body = { $name }は{ $competition }の{ $segment }で{ $score }点をマークしました。skatebotの結果では、{ $scope }のもとでの{ $discipline }で最高の{ $level ->
    [junior] ジュニアの{ $segment }の得点
   *[other] { $segment }の得点
}です。

## A total above every earlier total of the skater (or couple) in the same discipline, level and era, in the store
facts-personal-best-title = { $name }がベストを更新：{ $competition }で{ $total }
facts-personal-best-body = { $name }は{ $competition }で合計{ $total }点をマークし、skatebotの結果にある同じルールのもとでのこれまでの{ $level ->
    [junior] ジュニアの合計得点
   *[other] 合計得点
}をすべて上回りました（これまでのベスト：{ $earlier }での{ $previous }）。

## A medal (what "on this day" draws on)
facts-medal-title = { $name }、{ $competition }で{ $medal ->
    [gold] 金メダル
    [silver] 銀メダル
   *[bronze] 銅メダル
}
facts-medal-body = { $name }は{ $competition }で合計{ $total }点をマークし、{ $medal ->
    [gold] 金メダル
    [silver] 銀メダル
   *[bronze] 銅メダル
}を獲得しました。

## A country's first medal at a level in the store, after entering earlier competitions without one
facts-first-medal-title = skatebotの結果で{ $country }初の{ $level ->
    [junior] ジュニアのメダル
   *[other] メダル
}：{ $competition }の{ $name }
facts-first-medal-body = { $name }は{ $competition }で合計{ $total }点をマークし、{ $medal ->
    [gold] 金メダル
    [silver] 銀メダル
   *[bronze] 銅メダル
}を獲得しました。skatebotの結果では、{ $country }にとって初の{ $level ->
    [junior] ジュニアのメダル
   *[other] メダル
}です。

## Quadruple jumps and triple Axels, from the judges' details (only those with no call and no negative GOE)
facts-quad-title = { $name }、{ $competition }でクリーンな4回転ジャンプを{ $count }本
facts-quad-body = { $name }は{ $competition }の{ $segment }でクリーンな4回転ジャンプを{ $count }本（{ $jumps }）着氷しました。{ $name }の{ $segment }の得点は{ $score }でした。
facts-quad-count-title = 1つの演技でクリーンな4回転ジャンプ{ $count }本：{ $competition }で最多、{ $name }
facts-quad-count-body = { $name }は{ $competition }の{ $segment }でクリーンな4回転ジャンプを{ $count }本（{ $jumps }）着氷しました。同大会の1つの演技で最多です。{ $name }の{ $segment }の得点は{ $score }でした。
facts-axel-title = { $name }、{ $competition }でクリーンなトリプルアクセルを{ $count }本
facts-axel-body = { $name }は{ $competition }の{ $segment }でクリーンなトリプルアクセルを{ $count }本（{ $jumps }）着氷しました。{ $name }の{ $segment }の得点は{ $score }でした。

## The narrowest and the widest winning margin of a competition
facts-margin-title = { $competition }で最も僅差の優勝：{ $name }、{ $margin }点差
facts-margin-body = { $name }は{ $competition }で合計{ $total }点をマークして金メダルを獲得し、{ $second }点の{ $runner }に{ $margin }点差をつけました。
facts-wide-margin-title = { $competition }で最も大差の優勝：{ $name }、{ $margin }点差
facts-wide-margin-body = { $name }は{ $competition }で合計{ $total }点をマークして金メダルを獲得し、{ $second }点の{ $runner }に{ $margin }点差をつけました。

## Every judge gave the top mark: the era's top GOE ($mark: +3 or +5) on elements, 10.00 on components
facts-top-marks-title = { $name }、{ $competition }で全ジャッジから{ $elements ->
    [0] 10.00
   *[other] { $mark }
}
facts-top-marks-body = { $elements ->
    [0] { "" }
   *[other] { $competition }の{ $segment }で、全ジャッジが{ $name }のエレメント{ $elements }個（{ $codes }）に{ $mark }をつけました。
}{ $components ->
    [0] { "" }
   *[other] { $competition }の{ $segment }で、全ジャッジが{ $name }の演技構成点{ $components }項目（{ $names }）に10.00をつけました。
}{ $name }の{ $segment }の得点は{ $score }でした。
facts-where = { $competition }
facts-where-event = { $competition }（{ $event }）
