// Field labels and titles come from the resource metadata (crud/register-locale.ts); only page texts live here.
export default {
  dictPage: { selectType: 'Select a dictionary type on the left' },
};
