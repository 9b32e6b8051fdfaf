"""A recording stand-in for huggingface_hub's InferenceClient, for running generated snippets offline."""

from recording import Chat, FakeImage, record

IMAGE_METHODS = {"text_to_image", "image_to_image"}
BYTES_METHODS = {"text_to_speech", "text_to_video", "image_to_video"}
METHODS = {
    "audio_classification", "audio_to_audio", "automatic_speech_recognition", "document_question_answering",
    "feature_extraction", "fill_mask", "image_classification", "image_segmentation", "image_to_image",
    "image_to_text", "image_to_video", "object_detection", "question_answering", "sentence_similarity",
    "summarization", "table_question_answering", "tabular_classification", "tabular_regression",
    "text_classification", "text_generation", "text_to_image", "text_to_speech", "text_to_video",
    "token_classification", "translation", "visual_question_answering", "zero_shot_classification",
    "zero_shot_image_classification",
}


class InferenceClient:
    def __init__(self, *args, **kwargs):
        record("InferenceClient", args, kwargs)
        self.chat = Chat("InferenceClient")

    def __getattr__(self, name):
        if name not in METHODS:
            raise AttributeError(f"InferenceClient has no method {name}")

        def method(*args, **kwargs):
            record(f"InferenceClient.{name}", args, kwargs)
            if name in IMAGE_METHODS:
                return FakeImage()
            if name in BYTES_METHODS:
                return b"fake-media"
            return [{"label": "POSITIVE", "score": 0.9}]

        return method
