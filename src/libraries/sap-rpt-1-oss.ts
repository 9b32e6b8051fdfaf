import { downloadOnlySnippet } from "./download-only.js";
import { comment, python, ref } from "./python-code.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * sap-rpt-1-oss is a tabular in-context learner with a scikit-learn interface: fit stores the context rows,
 * predict runs the model. Its estimators download their checkpoint from SAP/sap-rpt-1-oss themselves, so the
 * recipe is that repository's; another repository's files are downloaded.
 */

const variants = {
  classification: { name: "SAP_RPT_OSS_Classifier", dataset: "load_breast_cancer" },
  regression: { name: "SAP_RPT_OSS_Regressor", dataset: "load_diabetes" },
} as const;

export const sapRpt1Oss: LibraryGenerator = (view) => {
  if (view.id.toLowerCase() !== "sap/sap-rpt-1-oss") {
    return [downloadOnlySnippet(view, "https://github.com/SAP-samples/sap-rpt-1-oss")];
  }
  const variant = view.record.pipeline_tag === "tabular-regression" ? variants.regression : variants.classification;
  return [
    pythonSnippet(python`from sap_rpt_oss import ${ref(variant.name)}
from sklearn.datasets import ${ref(variant.dataset)}
from sklearn.model_selection import train_test_split

X, y = ${ref(variant.dataset)}(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.2, random_state=0)
${comment("a context of 8192 rows with bagging=8 is the most accurate setting, on a large GPU")}
model = ${ref(variant.name)}(max_context_size=2048, bagging=1)
model.fit(X_train, y_train)
print(model.predict(X_test[:5]), y_test[:5])`),
  ];
};
