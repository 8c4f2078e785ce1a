"""The sync wing: read state shared with other machines through a folder the user already
syncs. Each device appends its records to a journal of its own there (`journal`, in the
format of `lines`, named as `names` says), and takes the other devices' journals in
(`taking`); the state file keeps the device's id and how far each journal was taken in
(`tables`). The door, `door.Sync`, is what the app and the commands call (docs/sync.md)."""
