"""torchcodec.decoders.AudioDecoder as 🤗 Datasets uses it (datasets/features/_torchcodec.py): constructed from a path,
a file object or bytes (with stream_index, sample_rate and num_channels, which a WAV file needs none of), with a
`metadata` whose `path` datasets sets, `get_all_samples().data` (a tensor: `.cpu().numpy()`) and
`get_samples_played_in_range(start, stop).sample_rate`. A stand-in: see this package's __init__.py.
"""

import io
import wave
from types import SimpleNamespace

import numpy as np


class _Samples:
    def __init__(self, data, sample_rate):
        self.data = SimpleNamespace(cpu=lambda: SimpleNamespace(numpy=lambda: data))
        self.sample_rate = sample_rate


class AudioDecoder:
    def __init__(self, source, stream_index=None, sample_rate=None, num_channels=None):
        if isinstance(source, (bytes, bytearray)):
            source = io.BytesIO(source)
        with wave.open(source, "rb") as reader:
            if reader.getsampwidth() != 2:
                raise ValueError("the torchcodec stand-in reads 16-bit WAV files only")
            frames = reader.readframes(reader.getnframes())
            channels = reader.getnchannels()
            self._rate = reader.getframerate()
        samples = np.frombuffer(frames, dtype="<i2").astype(np.float32) / 32768.0
        self._data = samples.reshape(-1, channels).T
        self.metadata = SimpleNamespace(path=None, sample_rate=self._rate, num_channels=channels)

    def get_all_samples(self):
        return _Samples(self._data, self._rate)

    def get_samples_played_in_range(self, start_seconds=0.0, stop_seconds=None):
        return _Samples(self._data[:, :0], self._rate)


class VideoDecoder:
    """Imported by 🤗 Datasets beside AudioDecoder (to tell a decoded video from other values); no video is read here."""

    def __init__(self, source, *args, **kwargs):
        raise NotImplementedError("the torchcodec stand-in decodes no video")
