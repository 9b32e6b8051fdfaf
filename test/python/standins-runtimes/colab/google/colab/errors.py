"""Stand-in for google.colab.errors: the base class of Colab's own errors."""


class Error(Exception):
    """Base class of the errors google.colab raises."""
