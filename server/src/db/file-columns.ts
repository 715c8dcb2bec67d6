/**
 * What a listing of files reads of each: the stored file, and its signature's link and verdict (docs/product.md
 * «Signatures»). Each listing adds the column of its owner (a stage, a correction, an appeal).
 */
export const FILE_COLUMNS = [
  'id',
  'storage_key',
  'file_name',
  'size',
  'sha256',
  'signs_file_id',
  'signature_check',
] as const;
