"""The notice every board and summary carries: the roads are a record, never a forecast."""

NOTICE = "Past results do not predict the next hand."
