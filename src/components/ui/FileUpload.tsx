import { useId, useRef } from 'react';
import { FILE_ACCEPT, fileTexts } from '#domain/files.ts';
import { formatFileSize } from '#lib/file-size.ts';
import { useStore } from '#stores/prerendered.ts';
import type { UploadItem, UploadList } from '#stores/uploads.ts';
import Field from './Field.tsx';
import { CloseIcon } from './icons.tsx';

/** Texts of the upload field. */
const uploadTexts = {
  hint: 'Форматы: doc, docx, pdf, png, jpg, jpeg, gif. Каждый файл — не больше 100 МБ. Можно выбрать несколько файлов.',
  choose: 'Выбрать файлы',
  drop: 'или перетащите их сюда',
  listLabel: 'Выбранные файлы',
  uploading: (name: string) => `Загрузка «${name}»`,
  done: 'Загружен',
  remove: (name: string) => `Удалить «${name}»`,
} as const;

/** Props of FileUpload. */
export interface FileUploadProps {
  /** The upload list this field fills (stores/uploads.ts). */
  list: UploadList;
  label: string;
  /** The field's own error ('Добавьте хотя бы один файл'), shown after the refusals of the last choice. */
  error?: string | null;
  hint?: string;
  id?: string;
  /** What the picker offers (default: a statement's documents and their signatures). */
  accept?: string;
}

/**
 * A native file picker (keyboard and screen readers know it) with the accept list of docs/product.md «Files», refusals
 * shown as field errors, and one row per file: size, progress while uploading, 'Загружен' or 'Ошибка', and a remove
 * button. A file the server would refuse the batch for (a signature that is none, or signs none of the documents:
 * `UploadList.$problems`) says why on its own row, and its remove button is described by it and is where a refused
 * send puts the focus (INVALID_CONTROL).
 */
export default function FileUpload({
  list,
  label,
  error,
  hint = uploadTexts.hint,
  id,
  accept = FILE_ACCEPT,
}: FileUploadProps) {
  const items = useStore(list.$items);
  const rejections = useStore(list.$rejections);
  const problems = useStore(list.$problems);
  const rowId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // Two refused files of one type give one line.
  const errors = [...new Set(error ? [...rejections, error] : rejections)];

  const remove = (item: UploadItem) => {
    // The row and its button go away: keep keyboard focus in the field.
    inputRef.current?.focus();
    void list.remove(item.tempId);
  };

  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={
        errors.length > 0
          ? errors.map((text) => (
              <span key={text} className="field__error-line">
                {text}
              </span>
            ))
          : null
      }
    >
      {(control) => (
        <>
          <div className="dropzone">
            <input
              {...control}
              ref={inputRef}
              className="dropzone__input"
              type="file"
              multiple
              accept={accept}
              onChange={(event) => {
                list.addFiles(Array.from(event.currentTarget.files ?? []));
                // The same file can be chosen again after it was removed.
                event.currentTarget.value = '';
              }}
            />
            {/* The browser's own caption follows its UI language; this one is always Russian. */}
            <span className="dropzone__button" aria-hidden="true">
              {uploadTexts.choose}
            </span>
            <span className="dropzone__text" aria-hidden="true">
              {uploadTexts.drop}
            </span>
          </div>
          {items.length > 0 && (
            <ul className="upload-list" aria-label={uploadTexts.listLabel}>
              {items.map((item) => {
                const problem = problems.get(item.tempId);
                const problemId = `${rowId}-${item.tempId}-problem`;
                return (
                  <li key={item.tempId} className={`upload upload--${item.status}${problem ? ' upload--problem' : ''}`}>
                    <span className="upload__name">{item.name}</span>
                    <span className="upload__size">{formatFileSize(item.size)}</span>
                    <span className="upload__state">
                      {item.status === 'uploading' && (
                        <>
                          <progress
                            className="upload__progress"
                            max={100}
                            value={item.progress}
                            aria-label={uploadTexts.uploading(item.name)}
                          />
                          <span className="upload__percent">{item.progress}&nbsp;%</span>
                        </>
                      )}
                      {item.status === 'done' && !problem && <span className="upload__status">{uploadTexts.done}</span>}
                      {(item.status === 'error' || (item.status === 'done' && problem)) && (
                        <span className="upload__status upload__status--error">{fileTexts.uploadError}</span>
                      )}
                    </span>
                    <button
                      type="button"
                      className="icon-button upload__remove"
                      aria-label={uploadTexts.remove(item.name)}
                      aria-describedby={problem ? problemId : undefined}
                      onClick={() => remove(item)}
                    >
                      <CloseIcon />
                    </button>
                    {problem && (
                      <span className="upload__problem" id={problemId}>
                        {problem}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </Field>
  );
}
