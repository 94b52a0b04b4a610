"""The wire between a host and its players' screens (docs/protocol.md): the messages and their
limits (`protocol`), and the client's end (`client`: the connection and the game as a seat's
`state` messages tell it). Below both the host and the screens, which import it and never each
other."""
