export default {
  company: {
    title: '基本信息',
    sellerHint: '以下信息将作为销售方信息打印在本企业开具的发票上，请确保与税务登记一致。',
    fields: {
      name: '企业名称',
      creditCode: '统一社会信用代码',
      address: '地址',
      phone: '电话',
      bank: '开户银行',
      account: '银行账号',
    },
    individuation: {
      logo: '企业 Logo',
      logoHint: '显示在顶部导航栏，建议 160×32',
      titleImage: '标题图片',
      titleHint: '显示在顶部导航栏 Logo 右侧，建议 240×32',
      choose: '选择图片上传',
      noImage: '尚未上传',
      uploaded: '上传成功',
      badType: '仅支持 png、jpg、svg 格式的图片',
      tooLarge: '图片大小不能超过 2MB',
    },
  },
};
