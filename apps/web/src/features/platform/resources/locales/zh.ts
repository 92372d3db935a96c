// Field labels and titles come from the resource metadata (crud/register-locale.ts); only page texts live here.
export default {
  dictPage: { selectType: '请在左侧选择一个字典类型' },
};
