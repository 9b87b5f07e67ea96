## An event offered while no competition is chosen: whose it is (autocomplete)
choice-event-at = { $event } · { $competition }
## A suggestion named by a message, in a list of what the store has
suggestion-listed = **{ $label }**
