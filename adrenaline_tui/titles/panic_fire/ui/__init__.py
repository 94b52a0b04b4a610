"""Panic Fire's table: the screens and widgets a person plays at (one widget a file, its TCSS
beside it). The engine below imports nothing from here; the referee of the table is the
engine's `referee.LiveReferee`, driven by the screen's timers."""
