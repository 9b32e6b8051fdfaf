import type { RecordedRequest, RecorderResponse, Responder } from "./recorder.js";

/*
 * A stand-in of Amazon SageMaker's API (JSON 1.1: POST / with X-Amz-Target: SageMaker.<Operation>) and of SageMaker
 * Runtime's (POST /endpoints/<name>/invocations), which boto3 reaches through AWS_ENDPOINT_URL_SAGEMAKER and
 * AWS_ENDPOINT_URL_SAGEMAKER_RUNTIME (botocore has validated every parameter against the service model before it
 * sends). An endpoint is Creating on its first DescribeEndpoint and InService from the second; what was asked is read
 * back from the recorder's requests.
 */

type Json = Record<string, unknown>;
const json = (body: unknown, status = 200): RecorderResponse => ({
  status,
  headers: { "content-type": "application/x-amz-json-1.1" },
  body: JSON.stringify(body),
});
const arn = (kind: string, name: string) => `arn:aws:sagemaker:us-east-1:111122223333:${kind}/${name}`;

/** The calls of a SageMaker snippet that deploys, invokes and deletes the endpoint `name`, in order. */
export const sagemakerLifecycle = (name: string): string[] => [
  "CreateModel",
  "CreateEndpointConfig",
  "CreateEndpoint",
  "DescribeEndpoint",
  "DescribeEndpoint",
  `POST /endpoints/${name}/invocations`,
  "DeleteEndpoint",
  "DeleteEndpointConfig",
  "DeleteModel",
];

/** The operation a SageMaker request names, and its body. */
export function sagemakerOperation(request: RecordedRequest): { operation: string; body: Json } | undefined {
  const target = request.headers["x-amz-target"];
  if (request.path !== "/" || target === undefined || !target.startsWith("SageMaker.")) return undefined;
  return { operation: target.slice("SageMaker.".length), body: JSON.parse(request.body.toString("utf8") || "{}") as Json };
}

export function sagemakerStandin(): Responder {
  const described = new Map<string, number>();
  return (request) => {
    const call = sagemakerOperation(request);
    if (call !== undefined) {
      const { operation, body } = call;
      switch (operation) {
        case "CreateModel":
          return json({ ModelArn: arn("model", String(body["ModelName"])) });
        case "CreateEndpointConfig":
          return json({ EndpointConfigArn: arn("endpoint-config", String(body["EndpointConfigName"])) });
        case "CreateEndpoint":
          return json({ EndpointArn: arn("endpoint", String(body["EndpointName"])) });
        case "DescribeEndpoint": {
          const name = String(body["EndpointName"]);
          const count = (described.get(name) ?? 0) + 1;
          described.set(name, count);
          const status = count === 1 ? "Creating" : "InService";
          return json({
            EndpointName: name,
            EndpointArn: arn("endpoint", name),
            EndpointConfigName: name,
            EndpointStatus: status,
            CreationTime: 1764360000,
            LastModifiedTime: 1764360000,
          });
        }
        case "DeleteEndpoint":
        case "DeleteEndpointConfig":
        case "DeleteModel":
          return json({});
        default:
          return json({ __type: "ValidationException", message: `the stand-in does not serve ${operation}` }, 400);
      }
    }
    if (request.method === "POST" && /^\/endpoints\/[^/]+\/invocations$/.test(request.path)) {
      const body = JSON.parse(request.body.toString("utf8")) as Json;
      const answer =
        "messages" in body
          ? { choices: [{ index: 0, message: { role: "assistant", content: "Hello world" }, finish_reason: "stop" }] }
          : "parameters" in body
            ? [{ generated_text: "Hello world" }]
            : [[0.1, 0.2, 0.3]];
      return { status: 200, headers: { "content-type": "application/json" }, body: JSON.stringify(answer) };
    }
    return json({ message: `the stand-in does not serve ${request.method} ${request.path}` }, 404);
  };
}
