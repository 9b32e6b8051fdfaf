"""Loaded at interpreter start-up (this folder is put on PYTHONPATH) for Python SDK snippets under test.

Every request that huggingface_hub or openai sends through their HTTP client (httpx2) goes to the local
recorder named by HUB_SNIPPETS_TEST_ORIGIN instead, with the original host kept in the path
(/__host/<host>/<path>) so tests can tell the Hub API from the router. Only 127.0.0.1 is ever contacted.
The snippet's text is not touched.
"""

import os

_origin = os.environ.get("HUB_SNIPPETS_TEST_ORIGIN", "")
if _origin:
    if not _origin.startswith("http://127.0.0.1:"):
        raise RuntimeError("HUB_SNIPPETS_TEST_ORIGIN must be a 127.0.0.1 origin")

    import httpx2

    _recorder = httpx2.URL(_origin)

    def _redirected(url):
        if url.host == _recorder.host and url.port == _recorder.port:
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
