export default {
  aiCoding: {
    pick: 'AI coding',
    pickTitle: 'AI coding suggestions',
    typeName: 'Type a goods name to see suggested codes',
    none: 'No suitable code found; choose one from the tree',
    memory: 'Your earlier choice',
    matched: 'Matched: {{words}}',
    lowConfidence: 'Not sure about this one: please check the code',
    lowConfidenceHint: 'The top code has low confidence. Confirm it before use, or choose one from the tree.',
  },
};
