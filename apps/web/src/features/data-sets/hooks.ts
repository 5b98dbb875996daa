import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import type { DataSetFileFormat } from './file-columns';

/** The organization's data sets (each with its latest version's columns): also what the plan editor offers. */
export function useDataSets() {
  return useQuery({
    queryKey: queryKeys.dataSets.list(),
    queryFn: ({ signal }) => unwrap(api.GET('/data-sets', { signal })).then((body) => body.items),
  });
}

export function useDataSet(name: string | undefined) {
  return useQuery({
    queryKey: queryKeys.dataSets.detail(name ?? ''),
    enabled: Boolean(name),
    queryFn: ({ signal }) => unwrap(api.GET('/data-sets/{name}', { params: { path: { name: name! } }, signal })),
  });
}

export function useDataSetVersions(name: string) {
  return useQuery({
    queryKey: queryKeys.dataSets.versions(name),
    queryFn: ({ signal }) => unwrap(api.GET('/data-sets/{name}/versions', { params: { path: { name } }, signal })).then((body) => body.items),
  });
}

/** The first rows of a version (null: the latest); secret cells come masked from the API. */
export function useDataSetPreview(name: string, version: number | null) {
  return useQuery({
    queryKey: queryKeys.dataSets.preview(name, version),
    queryFn: ({ signal }) => unwrap(api.GET('/data-sets/{name}/preview', { params: { path: { name }, query: version ? { version } : {} }, signal })),
  });
}

export interface DataSetUploadInput {
  name: string;
  file: Blob;
  format: DataSetFileFormat;
  secret: string[];
}

const CONTENT_TYPE: Record<DataSetFileFormat, string> = { csv: 'text/csv', json: 'application/json' };

/** PUT /data-sets/:name with the file as the raw body: 200 with the set, or 422 naming the line (CSV) or row (JSON). */
export function useUploadDataSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DataSetUploadInput) =>
      unwrap(
        api.PUT('/data-sets/{name}', {
          params: { path: { name: input.name }, query: input.secret.length ? { secret: input.secret.join(',') } : {} },
          // The file itself, not JSON: the API reads the raw body by its content type.
          body: input.file as never,
          bodySerializer: (body: unknown) => body as Blob,
          headers: { 'Content-Type': CONTENT_TYPE[input.format] },
        }),
      ),
    onSuccess: (set) => {
      queryClient.setQueryData(queryKeys.dataSets.detail(set.name), set);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.dataSets.list() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dataSets.versions(set.name) }),
        queryClient.invalidateQueries({ queryKey: [...queryKeys.dataSets.all, 'preview', set.name] }),
      ]);
    },
  });
}

/** DELETE /data-sets/:name: 204, or 409 DATA_SET_IN_USE naming the plans that use it. */
export function useDeleteDataSet(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/data-sets/{name}', { params: { path: { name } } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.dataSets.detail(name) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.dataSets.list() });
    },
  });
}
