"""A stand-in for the webdataset package, which the machine's package index does not have, so that the WebDataset
snippet's own part runs against the local Hub: listing the split's shards with huggingface_hub's HfFileSystem, their
URLs from hf_hub_url, and for a gated dataset the `pipe:curl ... -H 'Authorization: Bearer <token>' <url>` URLs.

It does what the snippet asks of WebDataset, as webdataset documents it: WebDataset(urls, shardshuffle=False) iterates
over the shards in order, opening an http(s) URL by downloading it and a `pipe:` URL by running the command in a
shell and reading its output, and yields one sample per key (the members' names up to the first dot) as a dict of
__key__, __url__ and each member's extension. Each opened URL is written to stderr ("webdataset stand-in: ..."), so
the test can check which shards were read. Nothing else of webdataset is here.
"""

import io
import subprocess
import sys
import tarfile
import urllib.request

__stand_in__ = True


def _open(url):
    if url.startswith("pipe:"):
        return subprocess.run(url[len("pipe:") :], shell=True, check=True, capture_output=True).stdout
    with urllib.request.urlopen(url) as response:
        return response.read()


class WebDataset:
    def __init__(self, urls, shardshuffle=None):
        if shardshuffle is not False:
            raise TypeError("the stand-in reads shards in order only (shardshuffle=False)")
        self.urls = [urls] if isinstance(urls, str) else list(urls)

    def __iter__(self):
        for url in self.urls:
            print(f"webdataset stand-in: {url}", file=sys.stderr)
            sample = None
            with tarfile.open(fileobj=io.BytesIO(_open(url))) as shard:
                for member in shard:
                    if not member.isfile():
                        continue
                    key, _, extension = member.name.partition(".")
                    if sample is not None and sample["__key__"] != key:
                        yield sample
                        sample = None
                    if sample is None:
                        sample = {"__key__": key, "__url__": url}
                    sample[extension] = shard.extractfile(member).read()
            if sample is not None:
                yield sample
