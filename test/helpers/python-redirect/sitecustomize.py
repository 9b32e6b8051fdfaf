"""Loaded at interpreter start-up (this folder is put on PYTHONPATH) for Python snippets under test.

When HUB_SNIPPETS_TEST_ORIGIN names a local server (the recorder, or the local Hub), the HTTP stacks that snippets
use send their requests there instead, with the original host kept in the path (/__host/<host>/<path>) so tests
can tell the Hub API from the router. Only the loopback is ever contacted. The snippet's text is not touched.

- httpx2 (huggingface_hub, openai), where it is installed: every request except those already on the loopback (a
  local Hub named by HF_ENDPOINT beside the recorder, and that Hub's own redirects to http://localhost:<port>/...).
- pip's vendored requests (`pip install https://huggingface.co/...` in a snippet): every request except those
  already on the loopback (the local Hub's own redirects to http://localhost:<port>/...); patched only when pip
  imports it, so other programs pay nothing. None of pip's requests then uses a proxy: all go to 127.0.0.1.
- requests itself, the same way, only where HUB_SNIPPETS_TEST_REDIRECT_REQUESTS=1 (a notebook's cells, which call
  the dataset viewer with requests; the raw HTTP snippet tests write their URL over instead).
"""

import importlib.machinery
import importlib.util
import os
import sys

_origin = os.environ.get("HUB_SNIPPETS_TEST_ORIGIN", "")
if _origin:
    if not _origin.startswith("http://127.0.0.1:"):
        raise RuntimeError("HUB_SNIPPETS_TEST_ORIGIN must be a 127.0.0.1 origin")

    _LOOPBACK = ("127.0.0.1", "localhost")

    if importlib.util.find_spec("httpx2") is not None:
        import httpx2

        def _redirected(url):
            if url.host in _LOOPBACK:
                return url
            path = "/__host/" + url.netloc.decode("ascii") + url.raw_path.decode("ascii")
            return httpx2.URL(_origin + path)

        def _wrap(handle):
            def handle_redirected(self, request):
                request.url = _redirected(request.url)
                request.headers["Host"] = request.url.netloc.decode("ascii")
                return handle(self, request)

            return handle_redirected

        httpx2.HTTPTransport.handle_request = _wrap(httpx2.HTTPTransport.handle_request)
        httpx2.AsyncHTTPTransport.handle_async_request = _wrap(httpx2.AsyncHTTPTransport.handle_async_request)

    _ADAPTERS = {"pip._vendor.requests.adapters"}
    if os.environ.get("HUB_SNIPPETS_TEST_REDIRECT_REQUESTS") == "1":
        _ADAPTERS.add("requests.adapters")

    def _redirect_adapter(adapter_class):
        from urllib.parse import urlsplit

        send = adapter_class.send

        def send_redirected(self, request, stream=False, timeout=None, verify=True, cert=None, proxies=None):
            url = urlsplit(request.url)
            if url.hostname not in _LOOPBACK:
                query = "?" + url.query if url.query else ""
                request.url = _origin + "/__host/" + url.netloc + (url.path or "/") + query
            # Every request now goes to the loopback, which no proxy serves (requests keeps a redirected request's
            # proxies even when NO_PROXY names the new host).
            return send(self, request, stream=stream, timeout=timeout, verify=verify, cert=cert, proxies={})

        adapter_class.send = send_redirected

    class _AdaptersHook:
        """A meta path finder that lets requests.adapters (pip's vendored one) load as usual, then redirects HTTPAdapter."""

        def find_spec(self, name, path=None, target=None):
            if name not in _ADAPTERS:
                return None
            spec = importlib.machinery.PathFinder.find_spec(name, path, target)
            if spec is None or spec.loader is None:
                return None
            exec_module = spec.loader.exec_module

            def exec_and_redirect(module):
                exec_module(module)
                _redirect_adapter(module.HTTPAdapter)

            spec.loader.exec_module = exec_and_redirect
            return spec

    sys.meta_path.insert(0, _AdaptersHook())

# A stand-in that answers at once (the Inference Endpoints stand-in, test/helpers/endpoints-standin.ts) need not be
# polled every 5 s as the real service is: HUB_SNIPPETS_TEST_NO_SLEEP=1 makes time.sleep return at once, so the
# snippet's endpoint.wait() goes through its states as fast as the stand-in answers. The snippet's text is unchanged.
if os.environ.get("HUB_SNIPPETS_TEST_NO_SLEEP") == "1":
    import time

    time.sleep = lambda seconds: None
