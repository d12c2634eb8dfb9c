/**
 * Traditional → simplified Chinese characters, for matching spoken commands only:
 * a zh-HK recogniser writes "打開通知" or "進入網盤" where the application is named "通知公告" or
 * "网络硬盘". Both the command and the names are folded, so a pair only has to map a
 * traditional form onto the simplified one used in names; it is not a converter for display
 * (no one-to-many choices, no phrases). Written for this project: the characters of school
 * application names, the command verbs and everyday words, not a complete table.
 */
const PAIRS =
  // verbs, politeness, pronouns
  '開开進进請请幫帮們们這这過过還还讓让給给與与為为爲为麼么嗎吗個个說说話话聽听' +
  '讀读寫写覽览顯显視视點点擊击觸触啟启啓启關关閉闭離离轉转換换選选擇择' +
  // school and office
  '學学習习課课敎教師师長长園园級级績绩試试題题測测驗验評评價价務务' +
  '辦办會会議议檔档錄录記记歷历曆历冊册報报單单據据資资產产' +
  '業业項项標标審审簽签證证書书圖图館馆庫库發发佈布髮发傳传訊讯訴诉聞闻' +
  '區区縣县鄉乡鎮镇國国網网絡络線线雲云數数盤盘軟软體体機机電电腦脑' +
  '號号碼码統统計计設设備备裝装係系狀状態态導导協协調调動动' +
  '連连結结鏈链頁页類类員员職职稱称權权觀观覺觉親亲愛爱醫医飯饭' +
  '購购買买賣卖費费錢钱帳账賬账貨货財财貼贴贈赠賽赛實实質质響响' +
  '應应對对時时間间週周東东風风氣气溫温雙双歲岁齡龄衛卫門门閱阅闆板' +
  '舊旧樂乐藝艺術术劇剧畫画遊游運运達达邊边遠远適适遷迁' +
  '鐘钟錶表鐵铁銀银鍵键鎖锁鋼钢針针錯错鏡镜' +
  '頭头顏颜願愿顧顾預预領领額额' +
  '馬马駕驾駛驶驅驱騎骑' +
  '魚鱼鳥鸟雞鸡龍龙龜龟' +
  '語语詞词誤误認认識识諮咨詢询謝谢講讲護护譯译變变讚赞詳详誌志' +
  '紅红綠绿藍蓝黃黄紙纸組组織织約约紀纪純纯細细終终經经維维綜综緊紧編编練练縮缩總总繫系續续' +
  '憶忆懷怀憂忧慶庆' +
  '壓压場场塊块壞坏墻墙壽寿夢梦夠够奮奋奪夺獎奖' +
  '廣广廳厅廠厂廢废' +
  '張张強强彈弹歸归殺杀' +
  '從从後后徑径復复徵征' +
  '處处虛虚' +
  '勞劳勝胜勢势勵励' +
  '參参雜杂難难雖虽' +
  '飛飞餘余養养飲饮' +
  '農农興兴舉举' +
  '蘭兰藥药葉叶萬万蘇苏薦荐蓋盖' +
  '滿满溝沟淨净濟济灣湾準准滬沪漢汉' +
  '燈灯煙烟熱热燒烧營营爐炉' +
  '現现環环瑩莹' +
  '畢毕當当疊叠' +
  '療疗癥症' +
  '盡尽監监' +
  '確确礎础' +
  '禮礼禦御' +
  '種种積积穩稳' +
  '窩窝窮穷' +
  '競竞' +
  '筆笔節节範范築筑簡简籃篮' +
  '糧粮' +
  '聯联聲声聰聪' +
  '腳脚臉脸膽胆' +
  '艙舱' +
  '華华' +
  '蟲虫' +
  '補补製制複复襪袜' +
  '規规覓觅' +
  '貝贝負负貢贡貧贫貴贵賀贺賓宾賢贤' +
  '趕赶' +
  '踐践蹤踪' +
  '車车軍军較较輕轻輪轮輸输輯辑' +
  '辭辞' +
  '郵邮鄰邻' +
  '釋释' +
  '閃闪閒闲閑闲閣阁' +
  '陽阳陰阴陳陈陸陆隊队階阶際际險险隨随隱隐' +
  '靜静' +
  '韓韩' +
  '順顺須须頓顿頻频' +
  '飾饰' +
  '鬥斗鬧闹' +
  '麗丽麥麦' +
  '齊齐' +
  '螢萤' +
  '見见' +
  '訂订討讨訓训許许診诊詩诗該该誠诚誰谁談谈論论諸诸' +
  '違违遞递遺遗' +
  '鄭郑' +
  '銷销' +
  '問问' +
  '嘆叹' +
  '團团圍围圓圆' +
  '層层屬属' +
  '島岛' +
  '幣币' +
  '廟庙' +
  '彎弯' +
  '憑凭' +
  '擬拟擔担擴扩攝摄' +
  '斷断' +
  '暫暂' +
  '條条極极構构槍枪樓楼樣样樹树橋桥檢检歡欢' +
  '滅灭漸渐潔洁' +
  '無无' +
  '爭争' +
  '獨独' +
  '盜盗' +
  '禍祸' +
  '稅税' +
  '緣缘' +
  '罰罚' +
  '衝冲' +
  '裡里裏里' +
  '輔辅' +
  '遲迟' +
  '頂顶' +
  '駐驻';

const FOLD = new Map<string, string>();
for (let index = 0; index + 1 < PAIRS.length; index += 2) {
  const traditional = PAIRS.charAt(index);
  const simplified = PAIRS.charAt(index + 1);
  if (traditional !== simplified) FOLD.set(traditional, simplified);
}

/** The text with the traditional characters of the table replaced by their simplified form. */
export function foldTraditional(text: string): string {
  let folded = '';
  for (const character of text) folded += FOLD.get(character) ?? character;
  return folded;
}

/** For the tests: every pair of the table (traditional, simplified). */
export function traditionalPairs(): [string, string][] {
  return [...FOLD];
}
