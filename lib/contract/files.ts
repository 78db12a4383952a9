/** Files a request carries and the limits a form is read with: plain data, shared by the edge (lib/http) and the domain. */
export interface UploadedFile {
  field: string;
  data: Buffer;
  /** The file name the client gave, where it gave one (an import lists it). */
  name?: string;
}

export interface MultipartLimits {
  /** Bytes per file. */
  fileSize: number;
  /** The 413 text of a file over `fileSize` (default "Ukuran file maksimal 5 MB"). */
  fileTooLarge?: string;
  /** Files in the whole request. */
  files: number;
  /** Files per field (e.g. 25 per category on PATCH). */
  filesPerField: number;
  /** File field names accepted (a trailing `[]` is ignored). */
  fileFields: readonly string[];
  /** Non-file fields, and bytes per non-file field. */
  fields: number;
  fieldSize: number;
}
