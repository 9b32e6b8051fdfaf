import type { ReactNode } from "react";
import type { Task } from "../../catalogue/schema.js";
import type { ModelRecord } from "../../model/record.js";
import type { BrowserServices, OpenModel } from "./browser-services.js";
import { DatasetChooserScreen } from "./DatasetChooserScreen.js";
import { DatasetPage } from "./DatasetPage.js";
import type { KeyHint } from "./Footer.js";
import { datasetPickerKeys, modelPickerKeys, pathInputKeys, taskPageKeys } from "./keys.js";
import { ModelChooserScreen, type ChooserMode } from "./ModelChooserScreen.js";
import { ModelPage } from "./ModelPage.js";
import { TaskScreen } from "./TaskScreen.js";

/** Where the browser is: the task list, or a screen opened from it. */
export type Screen =
  | { name: "tasks" }
  | { name: "task"; task: Task }
  | { name: "choose"; task: Task }
  | { name: "model"; open: OpenModel; from: Task | undefined }
  | { name: "chooseDataset"; task: Task }
  /** `chosen`: picked in the chooser (Esc goes back to it), not opened as the task's only dataset. */
  | { name: "dataset"; task: Task; id: string; chosen: boolean };

/** What a screen shows: its body, the keys of its footer, and the trail after "hub-snippets" in the title. */
export interface ScreenParts {
  body: ReactNode;
  hints: readonly KeyHint[];
  trail: string[];
}

/** What every screen may read and do: the app's services, its size, and the moves between screens. */
export interface ScreenContext {
  services: BrowserServices;
  width: number;
  height: number;
  active: boolean;
  chooserMode: ChooserMode;
  setChooserMode: (mode: ChooserMode) => void;
  /** The keys the model or dataset page reports for itself (they depend on its tabs). */
  pageHints: readonly KeyHint[];
  setPageHints: (hints: KeyHint[]) => void;
  go: (screen: Screen) => void;
}

const taskOf = (context: ScreenContext, model: ModelRecord) => context.services.tasks.find((task) => task.id === model.pipeline_tag);
const datasetsOf = (task: Task) => task.datasets.map((dataset) => dataset.id);

function choose(context: ScreenContext, task: Task): void {
  context.setChooserMode("list");
  context.go({ name: "choose", task });
}

function openDatasets(context: ScreenContext, task: Task): void {
  const [only, ...more] = datasetsOf(task);
  if (only === undefined) return;
  context.go(more.length === 0 ? { name: "dataset", task, id: only, chosen: false } : { name: "chooseDataset", task });
}

type Screens = { [Name in Exclude<Screen["name"], "tasks">]: (screen: Extract<Screen, { name: Name }>, context: ScreenContext) => ScreenParts };

/** Each screen but the task list (which stays mounted under them all, in App), by name. */
const screens: Screens = {
  task: ({ task }, context) => {
    const { services } = context;
    const datasets = datasetsOf(task);
    return {
      hints: datasets.length > 0 ? taskPageKeys : taskPageKeys.filter((hint) => hint.keys !== "d"),
      trail: [task.label],
      body: (
        <TaskScreen
          key={task.id}
          document={services.documentOf(task)}
          width={context.width}
          height={context.height}
          active={context.active}
          snippetsNote={
            services.hasInference(task)
              ? "Press s for code snippets that call a model of this task."
              : "No inference snippets for this task; press s to open a model record file for its library or local-app code."
          }
          onSnippets={() => choose(context, task)}
          datasetsNote={datasets.length > 0 ? `Press d for code that loads its datasets: ${datasets.join(", ")}.` : undefined}
          onDatasets={() => openDatasets(context, task)}
          onBack={() => context.go({ name: "tasks" })}
        />
      ),
    };
  },
  choose: ({ task }, context) => {
    const { services } = context;
    const withInference = services.hasInference(task);
    return {
      hints: context.chooserMode === "path" ? pathInputKeys : modelPickerKeys,
      trail: [task.label, "choose a model"],
      body: (
        <ModelChooserScreen
          key={task.id}
          taskLabel={task.label}
          exampleModels={withInference ? task.models.map((model) => model.id) : []}
          note={withInference ? undefined : `${task.label} has no inference snippets: give a model record file for its library or local-app code.`}
          active={context.active}
          loadModel={(source) => services.loadModel(task, source)}
          onModel={(loaded) => context.go({ name: "model", open: loaded, from: task })}
          onBack={() => context.go({ name: "task", task })}
          onModeChange={context.setChooserMode}
        />
      ),
    };
  },
  chooseDataset: ({ task }, context) => ({
    hints: datasetPickerKeys,
    trail: [task.label, "choose a dataset"],
    body: (
      <DatasetChooserScreen
        key={task.id}
        taskLabel={task.label}
        datasets={datasetsOf(task)}
        active={context.active}
        onDataset={(id) => context.go({ name: "dataset", task, id, chosen: true })}
        onBack={() => context.go({ name: "task", task })}
      />
    ),
  }),
  dataset: ({ task, id, chosen }, context) => ({
    hints: context.pageHints,
    trail: [task.label, id],
    body: (
      <DatasetPage
        key={id}
        datasetId={id}
        taskLabel={task.label}
        width={context.width}
        height={context.height}
        active={context.active}
        copy={context.services.copy}
        saveNotebook={context.services.saveNotebook}
        onBack={() => context.go(chosen ? { name: "chooseDataset", task } : { name: "task", task })}
        onHints={context.setPageHints}
      />
    ),
  }),
  model: ({ open: opened, from }, context) => {
    const { services } = context;
    const modelTask = taskOf(context, opened.model);
    // Back to the chooser it came from, else the model's own task page, else the task list.
    const leave = () => {
      if (from) choose(context, from);
      else context.go(modelTask ? { name: "task", task: modelTask } : { name: "tasks" });
    };
    return {
      hints: context.pageHints,
      // The model's own task, which a record file may not share with the task it was chosen from.
      trail: [modelTask?.label ?? opened.model.pipeline_tag ?? "no task", opened.model.id],
      body: (
        <ModelPage
          key={`${opened.model.id} ${opened.origin ?? ""}`}
          model={opened.model}
          origin={opened.origin}
          guessed={opened.guessed === true}
          taskLabel={modelTask?.label}
          sources={services.sources}
          width={context.width}
          height={context.height}
          active={context.active}
          copy={services.copy}
          saveNotebook={services.saveNotebook}
          onBack={leave}
          onChooseModel={() => {
            const task = from ?? modelTask;
            if (task) choose(context, task);
          }}
          onHints={context.setPageHints}
        />
      ),
    };
  },
};

/** The parts of the screen shown (the task list's: its own keys, no trail, its body kept in App). */
export function screenParts(screen: Screen, context: ScreenContext, taskListHints: readonly KeyHint[]): ScreenParts {
  if (screen.name === "tasks") return { body: null, hints: taskListHints, trail: [] };
  const render = screens[screen.name] as (screen: Screen, context: ScreenContext) => ScreenParts;
  return render(screen, context);
}
