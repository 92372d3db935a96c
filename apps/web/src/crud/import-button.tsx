import { permissionOf, type ResourceMeta, resourceContracts } from '@fpy/resources';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../lib/http.ts';
import { Can } from '../lib/permission.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { resourceKeys } from './query-keys.ts';

/** The import action of a resource that declares import and template: button, template, row-by-row report. */
export function ImportButton({
  meta,
  invalidates = [],
}: {
  meta: ResourceMeta;
  invalidates?: readonly (readonly unknown[])[];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const c = resourceContracts(meta);
  if (!c.import || !c.template) return null;
  const title = t(`resource.${meta.name}.title`);
  return (
    <Can code={permissionOf(meta, 'import')}>
      <Button onClick={() => setOpen(true)}>{t('crud.import.button')}</Button>
      <ImportDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('crud.import.title', { title })}
        template={{ route: c.template, fileName: t('crud.import.templateFile', { title }) }}
        upload={(body) => call(c.import!, { body })}
        refresh={(qc) =>
          Promise.all(
            [resourceKeys(meta.name).all, ...invalidates].map((queryKey) =>
              qc.invalidateQueries({ queryKey }),
            ),
          )
        }
      />
    </Can>
  );
}
