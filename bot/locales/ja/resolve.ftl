## 大会が未選択のときの種目の候補（どの大会の種目か）
choice-event-at = { $event } · { $competition }
## A suggestion named by a message, in a list of what the store has
suggestion-listed = **{ $label }**
