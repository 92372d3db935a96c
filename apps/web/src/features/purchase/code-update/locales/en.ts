export default {
  codeUpdate: {
    intro:
      'Give received invoice lines your bookkeeping codes: by the tax category short name in the line name (办公用品 in "*办公用品*A4纸") or a keyword of the name, optionally for one seller, to your ledger subject and material code; when several rules match, the lowest priority number wins. Then click "Apply rules", check the preview and confirm.',
    apply: 'Apply rules',
    preview: 'Preview',
    confirm: 'Confirm update',
    close: 'Close',
    range: 'Tax period',
    overwrite: 'Overwrite lines already coded',
    applyHint:
      'Without periods every received invoice is processed; without "Overwrite", coded lines keep their codes.',
    done: 'Codes updated on {{n}} lines',
    nothing: 'No lines to update',
    uncoded: 'Not coded',
    more: 'Showing the first {{shown}} of {{n}}',
    count: {
      lines: 'Lines',
      matched: 'Matching a rule',
      willChange: 'Will change',
      changed: 'Changed',
      kept: 'Keep their codes',
    },
    col: {
      number: 'Invoice number',
      seller: 'Seller',
      line: 'Line',
      from: 'Current code',
      to: 'New code',
      material: 'Material code',
    },
  },
};
