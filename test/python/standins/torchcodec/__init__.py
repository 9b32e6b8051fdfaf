"""A stand-in for torchcodec, which the machine's package index does not have (its wheels need a matching torch and
FFmpeg's libraries), so that 🤗 Datasets decodes the audio of a row read from the local Hub and the dataset snippet's
own part runs: reading the split's rows, each with its audio clip. Only WAV files are read (test/python/tiny_datasets.py
writes them), with the standard library's wave module. Nothing else of torchcodec is here.
"""

__stand_in__ = True
