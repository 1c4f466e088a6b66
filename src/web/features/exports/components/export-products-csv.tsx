import { apiPaths } from '../../../../shared/api-paths.ts';
import { useCsvDownload } from '../api/download-csv.ts';

/** Manage Products → Export CSV: every product. */
export function ExportProductsCsv() {
  const download = useCsvDownload();
  return (
    <button
      type="button"
      className="btn btn-sm btn-neutral self-start"
      disabled={download.isPending}
      onClick={() => download.mutate(apiPaths.productsCsv)}
    >
      {download.isPending && (
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
      )}
      Export CSV
    </button>
  );
}
