"""Stand-in for Google Colab's google.colab package (see ../../../README.md): only what the token cell reads."""

__stand_in__ = True
