/**
 * The inference kinds the generators serve: the Hub's pipeline tasks, plus chat for conversational text and
 * vision models. One row per kind says how a request is made; templates say how each client writes it.
 */
export const inferenceKinds = [
  "audio-classification",
  "audio-to-audio",
  "automatic-speech-recognition",
  "conversational",
  "conversational-vision",
  "document-question-answering",
  "feature-extraction",
  "fill-mask",
  "image-classification",
  "image-segmentation",
  "image-text-to-image",
  "image-text-to-video",
  "image-to-image",
  "image-to-text",
  "image-to-video",
  "object-detection",
  "question-answering",
  "sentence-similarity",
  "summarization",
  "table-question-answering",
  "tabular-classification",
  "tabular-regression",
  "text-classification",
  "text-generation",
  "text-to-audio",
  "text-to-image",
  "text-to-speech",
  "text-to-video",
  "token-classification",
  "translation",
  "visual-question-answering",
  "zero-shot-classification",
  "zero-shot-image-classification",
] as const;

export type InferenceKind = (typeof inferenceKinds)[number];

/**
 * How the request body is made:
 * - `json`: the inputs (and parameters) as JSON;
 * - `file`: the bytes of a local file, with its content type;
 * - `json-with-file`: JSON in which a local file travels base64-encoded;
 * - `chat`: an OpenAI-style chat completion request;
 * - `multipart`: a form upload (multipart/form-data), the local file one part and each body field another; only
 *   a provider's own route takes it (OpenAI-style transcriptions), never a task's usual request.
 */
export type RequestShape = "json" | "file" | "json-with-file" | "chat" | "multipart";

/** What comes back: JSON to print, or bytes to save in a file of that kind. */
export type ResponseShape = "json" | "image" | "audio" | "video";

export type FileKind = "audio" | "image";

export interface InferenceTaskSpec {
  request: RequestShape;
  /** The local file a `file` or `json-with-file` request reads. */
  file?: FileKind;
  response: ResponseShape;
  /** The method of the JavaScript SDK (@huggingface/inference), where it has one. */
  jsMethod?: string;
  /**
   * The method of the Python SDK (huggingface_hub's InferenceClient) that makes this call, where the package can
   * make it: the current release has no method for the image-text kinds and no hf-inference route for
   * tabular regression, so those get no huggingface_hub snippet.
   */
  pythonMethod?: string;
  /** A package that method needs besides huggingface_hub (its answer comes back as a numpy array or PIL image). */
  pythonMethodNeeds?: "numpy" | "pillow";
  /** Served by hf-inference; the others go through the router's automatic provider choice. */
  onHfInference: boolean;
  /** hf-inference serves this task under /pipeline/<task> rather than the model route. */
  pipelineRoute?: boolean;
}

export const inferenceTasks: Record<InferenceKind, InferenceTaskSpec> = {
  "audio-classification": {
    request: "file",
    file: "audio",
    response: "json",
    jsMethod: "audioClassification",
    pythonMethod: "audio_classification",
    onHfInference: true,
  },
  "audio-to-audio": { request: "file", file: "audio", response: "json", jsMethod: "audioToAudio", pythonMethod: "audio_to_audio", onHfInference: true },
  "automatic-speech-recognition": {
    request: "file",
    file: "audio",
    response: "json",
    jsMethod: "automaticSpeechRecognition",
    pythonMethod: "automatic_speech_recognition",
    onHfInference: true,
  },
  conversational: { request: "chat", response: "json", jsMethod: "chatCompletion", pythonMethod: "chat.completions.create", onHfInference: true },
  "conversational-vision": { request: "chat", response: "json", jsMethod: "chatCompletion", pythonMethod: "chat.completions.create", onHfInference: true },
  "document-question-answering": {
    request: "json-with-file",
    file: "image",
    response: "json",
    jsMethod: "documentQuestionAnswering",
    pythonMethod: "document_question_answering",
    onHfInference: true,
  },
  "feature-extraction": {
    request: "json",
    response: "json",
    jsMethod: "featureExtraction",
    pythonMethod: "feature_extraction",
    pythonMethodNeeds: "numpy",
    onHfInference: true,
    pipelineRoute: true,
  },
  "fill-mask": { request: "json", response: "json", jsMethod: "fillMask", pythonMethod: "fill_mask", onHfInference: true },
  "image-classification": {
    request: "file",
    file: "image",
    response: "json",
    jsMethod: "imageClassification",
    pythonMethod: "image_classification",
    onHfInference: true,
  },
  "image-segmentation": {
    request: "file",
    file: "image",
    response: "json",
    jsMethod: "imageSegmentation",
    pythonMethod: "image_segmentation",
    pythonMethodNeeds: "pillow",
    onHfInference: true,
  },
  "image-text-to-image": { request: "json-with-file", file: "image", response: "image", jsMethod: "imageTextToImage", onHfInference: false },
  "image-text-to-video": { request: "json-with-file", file: "image", response: "video", jsMethod: "imageTextToVideo", onHfInference: false },
  "image-to-image": {
    request: "json-with-file",
    file: "image",
    response: "image",
    jsMethod: "imageToImage",
    pythonMethod: "image_to_image",
    pythonMethodNeeds: "pillow",
    onHfInference: true,
  },
  "image-to-text": { request: "file", file: "image", response: "json", jsMethod: "imageToText", pythonMethod: "image_to_text", onHfInference: true },
  "image-to-video": {
    request: "json-with-file",
    file: "image",
    response: "video",
    jsMethod: "imageToVideo",
    pythonMethod: "image_to_video",
    onHfInference: false,
  },
  "object-detection": { request: "file", file: "image", response: "json", jsMethod: "objectDetection", pythonMethod: "object_detection", onHfInference: true },
  "question-answering": { request: "json", response: "json", jsMethod: "questionAnswering", pythonMethod: "question_answering", onHfInference: true },
  "sentence-similarity": {
    request: "json",
    response: "json",
    jsMethod: "sentenceSimilarity",
    pythonMethod: "sentence_similarity",
    onHfInference: true,
    pipelineRoute: true,
  },
  summarization: { request: "json", response: "json", jsMethod: "summarization", pythonMethod: "summarization", onHfInference: true },
  "table-question-answering": {
    request: "json",
    response: "json",
    jsMethod: "tableQuestionAnswering",
    pythonMethod: "table_question_answering",
    onHfInference: true,
  },
  "tabular-classification": {
    request: "json",
    response: "json",
    jsMethod: "tabularClassification",
    pythonMethod: "tabular_classification",
    onHfInference: true,
  },
  "tabular-regression": { request: "json", response: "json", jsMethod: "tabularRegression", onHfInference: true },
  "text-classification": { request: "json", response: "json", jsMethod: "textClassification", pythonMethod: "text_classification", onHfInference: true },
  "text-generation": { request: "json", response: "json", jsMethod: "textGeneration", pythonMethod: "text_generation", onHfInference: true },
  "text-to-audio": { request: "json", response: "audio", jsMethod: "textToAudio", onHfInference: true },
  "text-to-image": {
    request: "json",
    response: "image",
    jsMethod: "textToImage",
    pythonMethod: "text_to_image",
    pythonMethodNeeds: "pillow",
    onHfInference: true,
  },
  "text-to-speech": { request: "json", response: "audio", jsMethod: "textToSpeech", pythonMethod: "text_to_speech", onHfInference: true },
  "text-to-video": { request: "json", response: "video", jsMethod: "textToVideo", pythonMethod: "text_to_video", onHfInference: false },
  "token-classification": { request: "json", response: "json", jsMethod: "tokenClassification", pythonMethod: "token_classification", onHfInference: true },
  translation: { request: "json", response: "json", jsMethod: "translation", pythonMethod: "translation", onHfInference: true },
  "visual-question-answering": {
    request: "json-with-file",
    file: "image",
    response: "json",
    jsMethod: "visualQuestionAnswering",
    pythonMethod: "visual_question_answering",
    onHfInference: true,
  },
  "zero-shot-classification": {
    request: "json",
    response: "json",
    jsMethod: "zeroShotClassification",
    pythonMethod: "zero_shot_classification",
    onHfInference: true,
  },
  "zero-shot-image-classification": {
    request: "json-with-file",
    file: "image",
    response: "json",
    jsMethod: "zeroShotImageClassification",
    pythonMethod: "zero_shot_image_classification",
    onHfInference: true,
  },
};

export function isInferenceKind(value: string): value is InferenceKind {
  return Object.hasOwn(inferenceTasks, value);
}
