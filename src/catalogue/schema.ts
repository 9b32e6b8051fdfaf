import { z } from "zod";

/** An entry that names something on the Hub (a dataset, metric, model or demo app) and says why it matters. */
export const DescribedIdSchema = z.strictObject({
  id: z.string().min(1),
  description: z.string().min(1),
});

const TextItemSchema = z.strictObject({
  type: z.literal("text"),
  label: z.string().min(1),
  content: z.string().min(1),
});

const ImageItemSchema = z.strictObject({
  type: z.literal("img"),
  filename: z.string().min(1),
  label: z.string().min(1).optional(),
});

const AudioItemSchema = z.strictObject({
  type: z.literal("audio"),
  filename: z.string().min(1),
  label: z.string().min(1).optional(),
});

const ChartItemSchema = z.strictObject({
  type: z.literal("chart"),
  data: z.array(z.strictObject({ label: z.string().min(1), score: z.number().min(0).max(1) })).min(1),
});

const TabularItemSchema = z.strictObject({
  type: z.literal("tabular"),
  data: z.array(z.array(z.string())).min(1),
});

const TextWithTokensItemSchema = z
  .strictObject({
    type: z.literal("text-with-tokens"),
    content: z.string().min(1),
    tokens: z.array(
      z.strictObject({
        type: z.string().min(1),
        start: z.int().nonnegative(),
        end: z.int().nonnegative(),
      }),
    ),
  })
  .superRefine((item, ctx) => {
    item.tokens.forEach((token, index) => {
      if (token.start >= token.end || token.end > item.content.length) {
        ctx.addIssue({
          code: "custom",
          path: ["tokens", index],
          message: `token span ${token.start}..${token.end} is outside the content (length ${item.content.length})`,
        });
      }
    });
  });

export const DemoItemSchema = z.discriminatedUnion("type", [
  TextItemSchema,
  ImageItemSchema,
  AudioItemSchema,
  ChartItemSchema,
  TabularItemSchema,
  TextWithTokensItemSchema,
]);

export const TaskSchema = z.strictObject({
  id: z.string().min(1),
  label: z.string().min(1),
  summary: z.string().min(1),
  libraries: z.array(z.string().min(1)),
  datasets: z.array(DescribedIdSchema),
  demo: z.strictObject({
    inputs: z.array(DemoItemSchema),
    outputs: z.array(DemoItemSchema),
  }),
  metrics: z.array(DescribedIdSchema),
  models: z.array(DescribedIdSchema),
  spaces: z.array(DescribedIdSchema),
  widgetModels: z.array(z.string().min(1)),
  youtubeId: z.string().min(1).optional(),
  canonicalId: z.string().min(1).optional(),
  isPlaceholder: z.boolean().optional(),
});

export const SubtaskSchema = z.strictObject({ id: z.string().min(1), label: z.string().min(1) });

export const ModalitySchema = z.strictObject({ id: z.string().min(1), label: z.string().min(1) });

export const PipelineSchema = z.strictObject({
  id: z.string().min(1),
  label: z.string().min(1),
  modality: z.string().min(1),
  subtasks: z.array(SubtaskSchema).optional(),
  hideInModels: z.boolean().optional(),
  hideInDatasets: z.boolean().optional(),
});

export type DescribedId = z.infer<typeof DescribedIdSchema>;
export type DemoItem = z.infer<typeof DemoItemSchema>;
export type DemoItemType = DemoItem["type"];
export type Task = z.infer<typeof TaskSchema>;
export type Subtask = z.infer<typeof SubtaskSchema>;
export type Modality = z.infer<typeof ModalitySchema>;
export type Pipeline = z.infer<typeof PipelineSchema>;
