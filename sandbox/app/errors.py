"""The one kind of error a user sees: bad input, reported as one line and exit status 2."""


class UsageError(Exception):
    """Bad input from the user: reported as one line on stderr, exit status 2."""
