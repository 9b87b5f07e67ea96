## An event offered while no competition is chosen: whose it is (autocomplete)
choice-event-at = { $event } · { $competition }
