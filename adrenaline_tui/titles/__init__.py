"""The titles: board games other than Adrenaline that the shell can offer.

A title is one package under this folder (its engine, its data files, later its widgets, computer
players and lessons) registered in one registry. The registry is not built yet: the shell still
knows only Adrenaline, and each title's engine stands on its own until the shell is opened up
(issue 24).
"""
