import { useEffect, useState } from 'react';
import { CSV_COLUMN_HELP, CSV_COLUMNS, CSV_EXAMPLE, csvTemplate, REQUIRED_CSV_COLUMNS } from '../../lib/product-csv';

/** The template's file name, as the seller finds it in Downloads. */
export const TEMPLATE_FILE = 'yaad-products-template.csv';

/**
 * What an import file holds, before the file picker opens: each column (required or not, what to
 * write), one example row, and the template with that row to fill in. All from the list the import
 * reads (src/lib/product-csv.ts).
 */
export function CsvIntro({ onChoose }: { onChoose: () => void }) {
  // The template as a file to save: an object URL, released when the intro goes.
  const [templateUrl, setTemplateUrl] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([csvTemplate()], { type: 'text/csv' }));
    setTemplateUrl(url);
    return () => URL.revokeObjectURL(url);
  }, []);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        One product a row, with a header row naming the columns. A SKU you already have updates that product; a new SKU
        adds one. If any row has a problem, nothing is imported and each problem is listed.
      </p>
      <div
        className="max-h-64 overflow-auto rounded-lg border border-line"
        tabIndex={0}
        role="region"
        aria-label="The columns"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">The columns</caption>
          <thead className="sticky top-0 bg-surface">
            <tr>
              <th scope="col" className="p-2">
                Column
              </th>
              <th scope="col" className="p-2">
                What to write
              </th>
            </tr>
          </thead>
          <tbody>
            {CSV_COLUMNS.map((column) => (
              <tr key={column} className="border-t border-line align-top">
                <th scope="row" className="p-2 font-mono text-xs font-semibold whitespace-nowrap">
                  {column}
                  {REQUIRED_CSV_COLUMNS.includes(column) ? (
                    <span className="block font-sans font-normal text-muted">required</span>
                  ) : (
                    <span className="block font-sans font-normal text-muted">optional</span>
                  )}
                </th>
                <td className="p-2">
                  {CSV_COLUMN_HELP[column]}
                  {CSV_EXAMPLE[column] && (
                    <span className="mt-0.5 block text-xs text-muted">
                      Example: <span className="font-mono">{CSV_EXAMPLE[column]}</span>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {templateUrl && (
          <a href={templateUrl} download={TEMPLATE_FILE} className="btn btn-secondary">
            Download template
          </a>
        )}
        <button type="button" className="btn btn-primary" onClick={onChoose}>
          Choose CSV file
        </button>
      </div>
    </div>
  );
}
