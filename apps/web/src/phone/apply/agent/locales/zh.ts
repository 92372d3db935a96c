/** The agent page's texts (issue 30 §2.3, /allEleAgentTenant), Chinese first; en.ts has every key. */
const zh = {
  'agent.title': '选择开票企业',
  'agent.nocode.title': '请重新扫描服务台的二维码',
  'agent.nocode.text':
    '本页面需要从代理商或服务台张贴的开票二维码打开。请用手机重新扫描该二维码，或直接扫描商家柜台上的码牌。',
  'agent.unavailable.title': '二维码暂不可用',
  'agent.intro': '以下企业支持扫码开票，请选择为您提供商品或服务的企业。',
  'agent.count': '共 {n} 家企业',
  'agent.search': '搜索企业名称',
  'agent.searchLabel': '按企业名称筛选',
  'agent.noMatch': '没有名称包含“{q}”的企业',
  'agent.clear': '清除搜索',
  'agent.empty.title': '暂无可开票的企业',
  'agent.empty.text': '该入口下的企业暂未开放扫码开票。请稍后再试，或直接扫描商家柜台上的码牌。',
  'agent.kind.allEle': '全电发票',
  'agent.kind.normal': '电子发票',
  'agent.go': '去开票',
  'agent.goLabel': '{tenant} · {board}：去开票',
} as const;

export type AgentKey = keyof typeof zh;
export default zh;
