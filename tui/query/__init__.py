"""The search language a reader types (`language`): parsed to a `Query` that knows nothing of
SQL, below every wing of the store (the search wing answers it from its index; rules judge
rows with it in memory). Pure; no Textual here."""
