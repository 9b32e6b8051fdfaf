"""torchcodec.encoders.AudioEncoder, which 🤗 Datasets imports before it encodes any audio value, but uses only to
turn an array into WAV bytes: an audio folder's clips are files, stored by their path, so nothing is encoded here.
A stand-in: see this package's __init__.py.
"""


class AudioEncoder:
    def __init__(self, samples, sample_rate):
        raise NotImplementedError("the torchcodec stand-in encodes no audio")
