"""The told wing: what `lurker watch` has told, per watch (what it watches: followed topics,
every group, one group), so that a watch stopped and started again tells what came while it
was down, and nothing twice. In the state file (it cannot be fetched again); the door
(`door.Told`) is the one object the command calls."""
