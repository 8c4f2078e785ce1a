"""The pages wing: what can be fetched again. The page cache in the cache file (`tables`), page
sources that keep every page and read the kept ones offline (`sources`, `library`), the
group list saved for an instant start (`summary`), and the door (`door.Pages`)."""
