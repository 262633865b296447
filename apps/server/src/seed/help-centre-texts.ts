/**
 * The help centre a fresh install starts with: three categories (named in all 19 languages) and six
 * articles in English, Simplified and Traditional Chinese; other languages show the English text
 * until an operator adds theirs (the answer says which language it used). Every statement here is
 * true of Kestrel as shipped: where an operator can change a figure, the text points to the screen
 * that shows the current one instead of repeating it.
 */

interface ArticleText {
  title: string;
  /** Rich text; sanitized on seeding like an operator's save. */
  content: string;
}

export const HELP_CATEGORIES: readonly { key: string; name: Record<string, string> }[] = [
  {
    key: 'start',
    name: {
      en: 'Getting started',
      zh: '新手入门',
      tc: '新手入門',
      de: 'Erste Schritte',
      es: 'Primeros pasos',
      fr: 'Bien démarrer',
      idn: 'Memulai',
      jp: 'はじめに',
      ko: '시작하기',
      my: 'Bermula',
      th: 'เริ่มต้นใช้งาน',
      vi: 'Bắt đầu',
      pt: 'Primeiros passos',
      rus: 'Начало работы',
      blr: 'Пачатак працы',
      ida: 'शुरुआत करें',
      sa: 'البدء',
      ar: 'البدء',
      it: 'Per iniziare',
    },
  },
  {
    key: 'funding',
    name: {
      en: 'Deposits and withdrawals',
      zh: '充值与提现',
      tc: '儲值與提領',
      de: 'Einzahlungen und Auszahlungen',
      es: 'Depósitos y retiros',
      fr: 'Dépôts et retraits',
      idn: 'Setoran dan penarikan',
      jp: '入金と出金',
      ko: '입금 및 출금',
      my: 'Deposit dan pengeluaran',
      th: 'การฝากและถอนเงิน',
      vi: 'Nạp và rút tiền',
      pt: 'Depósitos e saques',
      rus: 'Пополнение и вывод',
      blr: 'Папаўненне і вывад',
      ida: 'जमा और निकासी',
      sa: 'الإيداع والسحب',
      ar: 'الإيداع والسحب',
      it: 'Depositi e prelievi',
    },
  },
  {
    key: 'fees',
    name: {
      en: 'Fees and support',
      zh: '费用与客服',
      tc: '費用與客服',
      de: 'Gebühren und Support',
      es: 'Comisiones y soporte',
      fr: 'Frais et assistance',
      idn: 'Biaya dan dukungan',
      jp: '手数料とサポート',
      ko: '수수료 및 고객 지원',
      my: 'Yuran dan sokongan',
      th: 'ค่าธรรมเนียมและฝ่ายบริการ',
      vi: 'Phí và hỗ trợ',
      pt: 'Taxas e suporte',
      rus: 'Комиссии и поддержка',
      blr: 'Камісіі і падтрымка',
      ida: 'शुल्क और सहायता',
      sa: 'الرسوم والدعم',
      ar: 'الرسوم والدعم',
      it: 'Commissioni e assistenza',
    },
  },
];

export const HELP_ARTICLES: readonly { key: string; category: string; texts: Record<string, ArticleText> }[] = [
  {
    key: 'demo-account',
    category: 'start',
    texts: {
      en: {
        title: 'What is the demo account?',
        content:
          '<p>Every customer can open a linked <strong>demo account</strong> for practice: on the Me tab, switch to the demo account, and switch back the same way.</p>' +
          '<ul><li>It starts with <strong>10,000 USDT of demo funds</strong>. Demo funds are not money: they cannot be deposited, withdrawn or moved to your real account.</li>' +
          '<li>Demo money is kept in its own book, apart from your real balance, and every demo amount carries a <em>Demo</em> mark.</li>' +
          '<li>Orders on the demo account use the same prices and rules as real orders, so you can learn how margin, fees and closing work without risk.</li>' +
          '<li>Some products are not open to demo accounts (for example coin-to-coin trading, which matches real customers’ orders); the product page says so.</li></ul>' +
          '<p>A demo session lasts only as long as the real session it was opened from: logging out, or changing your password, ends both.</p>',
      },
      zh: {
        title: '什么是模拟账户？',
        content:
          '<p>每位客户都可以开通一个关联的<strong>模拟账户</strong>用于练习：在“我的”页面切换到模拟账户，用同样的方式切换回来。</p>' +
          '<ul><li>模拟账户初始有 <strong>10,000 USDT 模拟资金</strong>。模拟资金不是真实的钱：不能充值、提现，也不能转入您的真实账户。</li>' +
          '<li>模拟资金记在独立的账本中，与您的真实余额分开，所有模拟金额都带有“模拟”标记。</li>' +
          '<li>模拟账户下单使用与真实订单相同的价格和规则，您可以无风险地了解保证金、手续费和平仓如何运作。</li>' +
          '<li>部分产品不对模拟账户开放（例如币币交易，它撮合的是真实客户的订单），产品页面会注明。</li></ul>' +
          '<p>模拟账户依附于您的真实登录会话：退出登录或修改密码会同时结束两者。</p>',
      },
      tc: {
        title: '什麼是模擬帳戶？',
        content:
          '<p>每位客戶都可以開通一個關聯的<strong>模擬帳戶</strong>用於練習：在「我的」頁面切換到模擬帳戶，用同樣的方式切換回來。</p>' +
          '<ul><li>模擬帳戶初始有 <strong>10,000 USDT 模擬資金</strong>。模擬資金不是真實的錢：不能儲值、提領，也不能轉入您的真實帳戶。</li>' +
          '<li>模擬資金記在獨立的帳本中，與您的真實餘額分開，所有模擬金額都帶有「模擬」標記。</li>' +
          '<li>模擬帳戶下單使用與真實訂單相同的價格和規則，您可以無風險地了解保證金、手續費和平倉如何運作。</li>' +
          '<li>部分產品不對模擬帳戶開放（例如幣幣交易，它撮合的是真實客戶的訂單），產品頁面會註明。</li></ul>' +
          '<p>模擬帳戶依附於您的真實登入工作階段：登出或修改密碼會同時結束兩者。</p>',
      },
    },
  },
  {
    key: 'simulated-data',
    category: 'start',
    texts: {
      en: {
        title: 'How is simulated market data labelled?',
        content:
          '<p>Unless the operator of this platform has connected a real market data provider, prices come from Kestrel’s built-in <strong>market simulator</strong>. Simulated prices move realistically but are <strong>not real market prices</strong>.</p>' +
          '<ul><li>Every screen that shows simulated prices says <em>Simulated data</em>: quotes, charts and the trade page.</li>' +
          '<li>Orders, closes and settlements use the recorded price ticks, and your statement shows the tick (and its source) behind every entry a price decided.</li>' +
          '<li>Stock and futures quotes follow their markets’ trading hours; crypto trades around the clock.</li></ul>' +
          '<p>Do not base real-world investment decisions on simulated prices.</p>',
      },
      zh: {
        title: '模拟行情数据如何标注？',
        content:
          '<p>除非本平台运营方接入了真实的行情数据源，价格均来自 Kestrel 内置的<strong>行情模拟器</strong>。模拟价格的走势逼真，但<strong>并非真实市场价格</strong>。</p>' +
          '<ul><li>所有显示模拟价格的页面都会注明“模拟数据”：行情、图表和交易页面。</li>' +
          '<li>下单、平仓和结算都使用记录下来的价格跳动（tick），您的账单会显示每笔由价格决定的记录所依据的 tick 及其来源。</li>' +
          '<li>股票和期货行情遵循各自市场的交易时间；加密货币全天候交易。</li></ul>' +
          '<p>请勿依据模拟价格做出现实中的投资决定。</p>',
      },
      tc: {
        title: '模擬行情資料如何標示？',
        content:
          '<p>除非本平台營運方接入了真實的行情資料來源，價格均來自 Kestrel 內建的<strong>行情模擬器</strong>。模擬價格的走勢逼真，但<strong>並非真實市場價格</strong>。</p>' +
          '<ul><li>所有顯示模擬價格的頁面都會註明「模擬資料」：行情、圖表和交易頁面。</li>' +
          '<li>下單、平倉和結算都使用記錄下來的價格跳動（tick），您的帳單會顯示每筆由價格決定的紀錄所依據的 tick 及其來源。</li>' +
          '<li>股票和期貨行情遵循各自市場的交易時間；加密貨幣全天候交易。</li></ul>' +
          '<p>請勿依據模擬價格做出現實中的投資決定。</p>',
      },
    },
  },
  {
    key: 'deposit',
    category: 'funding',
    texts: {
      en: {
        title: 'How do I deposit?',
        content:
          '<ol><li>Open <strong>Wallet → Deposit</strong> and choose a channel (for example USDT on TRC20).</li>' +
          '<li>Enter an amount within the channel’s minimum and maximum, shown on the form.</li>' +
          '<li>Send the funds exactly as the channel’s instructions say, then upload the transfer receipt as proof.</li>' +
          '<li>Your deposit stays <em>pending</em> until staff have confirmed the transfer. Once confirmed, the amount is added to your available balance.</li></ol>' +
          '<p>You can follow every deposit under the deposit records. Demo accounts deposit only through the demo channel, which credits demo funds at once.</p>',
      },
      zh: {
        title: '如何充值？',
        content:
          '<ol><li>打开<strong>钱包 → 充值</strong>，选择一个充值通道（例如 TRC20 网络的 USDT）。</li>' +
          '<li>输入金额，金额需在表单显示的通道最低和最高限额之间。</li>' +
          '<li>严格按照通道说明转账，然后上传转账凭证作为证明。</li>' +
          '<li>充值在工作人员确认到账之前处于<em>待处理</em>状态。确认后，金额会计入您的可用余额。</li></ol>' +
          '<p>您可以在充值记录中查看每一笔充值。模拟账户只能通过模拟通道充值，模拟资金会立即到账。</p>',
      },
      tc: {
        title: '如何儲值？',
        content:
          '<ol><li>打開<strong>錢包 → 儲值</strong>，選擇一個儲值通道（例如 TRC20 網路的 USDT）。</li>' +
          '<li>輸入金額，金額需在表單顯示的通道最低和最高限額之間。</li>' +
          '<li>嚴格按照通道說明轉帳，然後上傳轉帳憑證作為證明。</li>' +
          '<li>儲值在工作人員確認到帳之前處於<em>待處理</em>狀態。確認後，金額會計入您的可用餘額。</li></ol>' +
          '<p>您可以在儲值紀錄中查看每一筆儲值。模擬帳戶只能透過模擬通道儲值，模擬資金會立即到帳。</p>',
      },
    },
  },
  {
    key: 'withdraw',
    category: 'funding',
    texts: {
      en: {
        title: 'How do I withdraw?',
        content:
          '<ol><li>Set a <strong>withdrawal password</strong> first (Wallet → Passwords). It is separate from your login password.</li>' +
          '<li>Add where the money goes: a wallet address or a bank card.</li>' +
          '<li>Open <strong>Wallet → Withdraw</strong>, choose the channel and enter the amount. The form shows the channel’s limits, opening hours, daily count and the fee before you confirm.</li>' +
          '<li>The amount is <em>frozen</em> while staff review the request, and your queue position is shown. You can cancel while it is pending; a rejected request returns the frozen amount to your available balance.</li></ol>' +
          '<p>After 5 wrong withdrawal passwords, withdrawals are locked for 24 hours. Demo accounts cannot withdraw.</p>',
      },
      zh: {
        title: '如何提现？',
        content:
          '<ol><li>先设置<strong>提现密码</strong>（钱包 → 密码设置）。它与登录密码相互独立。</li>' +
          '<li>添加收款方式：钱包地址或银行卡。</li>' +
          '<li>打开<strong>钱包 → 提现</strong>，选择通道并输入金额。确认前，表单会显示通道的限额、开放时间、每日次数和手续费。</li>' +
          '<li>工作人员审核期间，该金额会被<em>冻结</em>，页面会显示您的排队位置。待处理期间您可以撤销；被拒绝的申请会把冻结金额退回您的可用余额。</li></ol>' +
          '<p>提现密码连续输错 5 次后，提现将被锁定 24 小时。模拟账户不能提现。</p>',
      },
      tc: {
        title: '如何提領？',
        content:
          '<ol><li>先設定<strong>提領密碼</strong>（錢包 → 密碼設定）。它與登入密碼相互獨立。</li>' +
          '<li>新增收款方式：錢包地址或銀行卡。</li>' +
          '<li>打開<strong>錢包 → 提領</strong>，選擇通道並輸入金額。確認前，表單會顯示通道的限額、開放時間、每日次數和手續費。</li>' +
          '<li>工作人員審核期間，該金額會被<em>凍結</em>，頁面會顯示您的排隊位置。待處理期間您可以撤銷；被拒絕的申請會把凍結金額退回您的可用餘額。</li></ol>' +
          '<p>提領密碼連續輸錯 5 次後，提領將被鎖定 24 小時。模擬帳戶不能提領。</p>',
      },
    },
  },
  {
    key: 'fees',
    category: 'fees',
    texts: {
      en: {
        title: 'What fees do I pay?',
        content:
          '<p>Only the fees in the platform’s published schedule, and each one is shown <strong>before you confirm</strong>:</p>' +
          '<ul><li><strong>Contracts</strong>: an opening fee (a percentage of the position’s value) and a closing fee (a percentage of its margin).</li>' +
          '<li><strong>Spot and coin-to-coin</strong>: a percentage of the amount traded.</li>' +
          '<li><strong>Fast trades</strong>: a percentage of the stake, charged on top of it.</li>' +
          '<li><strong>Withdrawals</strong>: the channel’s fee (a percentage, a fixed amount, or both), shown on the withdrawal form.</li>' +
          '<li><strong>Exchange between currencies</strong>: a percentage of the converted amount.</li></ul>' +
          '<p>Every fee is an entry in your statement. Fees round up to the currency’s smallest unit; what you receive rounds down.</p>',
      },
      zh: {
        title: '需要支付哪些费用？',
        content:
          '<p>只收取平台公布的费率表中的费用，每一项都会在<strong>您确认之前</strong>显示：</p>' +
          '<ul><li><strong>合约</strong>：开仓手续费（按持仓价值的百分比）和平仓手续费（按保证金的百分比）。</li>' +
          '<li><strong>现货和币币交易</strong>：按成交金额的百分比。</li>' +
          '<li><strong>快速交易</strong>：按投注金额的百分比，另行收取。</li>' +
          '<li><strong>提现</strong>：通道手续费（百分比、固定金额或两者兼有），显示在提现表单上。</li>' +
          '<li><strong>币种兑换</strong>：按兑换后金额的百分比。</li></ul>' +
          '<p>每一笔费用都会记入您的账单。费用向上取整到币种的最小单位；您收到的金额向下取整。</p>',
      },
      tc: {
        title: '需要支付哪些費用？',
        content:
          '<p>只收取平台公布的費率表中的費用，每一項都會在<strong>您確認之前</strong>顯示：</p>' +
          '<ul><li><strong>合約</strong>：開倉手續費（按持倉價值的百分比）和平倉手續費（按保證金的百分比）。</li>' +
          '<li><strong>現貨和幣幣交易</strong>：按成交金額的百分比。</li>' +
          '<li><strong>快速交易</strong>：按投注金額的百分比，另行收取。</li>' +
          '<li><strong>提領</strong>：通道手續費（百分比、固定金額或兩者兼有），顯示在提領表單上。</li>' +
          '<li><strong>幣種兌換</strong>：按兌換後金額的百分比。</li></ul>' +
          '<p>每一筆費用都會記入您的帳單。費用向上取整到幣種的最小單位；您收到的金額向下取整。</p>',
      },
    },
  },
  {
    key: 'contact-support',
    category: 'fees',
    texts: {
      en: {
        title: 'How do I contact support?',
        content:
          '<p>Open <strong>Customer service</strong> (on the Me tab or the home page) and choose the live chat to write to the support staff. You can send text or an image of your own, such as a screenshot.</p>' +
          '<ul><li>Your conversation is kept: if you close the app, the reply is waiting when you come back, and the unread count shows it.</li>' +
          '<li>Your demo account uses the same conversation as your real account.</li>' +
          '<li>If the operator has set a support email or web page, it is listed there too.</li></ul>' +
          '<p><strong>Support staff will never ask for your password, withdrawal password or a verification code.</strong> Do not share them with anyone.</p>',
      },
      zh: {
        title: '如何联系客服？',
        content:
          '<p>打开<strong>客服</strong>（在“我的”页面或首页），选择在线客服即可给客服人员留言。您可以发送文字，或发送您自己的图片（例如截图）。</p>' +
          '<ul><li>您的会话会被保留：即使关闭应用，回来时回复也在，未读数会提醒您。</li>' +
          '<li>模拟账户与真实账户使用同一个会话。</li>' +
          '<li>如果运营方设置了客服邮箱或网页，也会在那里列出。</li></ul>' +
          '<p><strong>客服人员绝不会向您索要登录密码、提现密码或验证码。</strong>请不要告诉任何人。</p>',
      },
      tc: {
        title: '如何聯絡客服？',
        content:
          '<p>打開<strong>客服</strong>（在「我的」頁面或首頁），選擇線上客服即可給客服人員留言。您可以傳送文字，或傳送您自己的圖片（例如截圖）。</p>' +
          '<ul><li>您的對話會被保留：即使關閉應用程式，回來時回覆也在，未讀數會提醒您。</li>' +
          '<li>模擬帳戶與真實帳戶使用同一個對話。</li>' +
          '<li>如果營運方設定了客服信箱或網頁，也會在那裡列出。</li></ul>' +
          '<p><strong>客服人員絕不會向您索取登入密碼、提領密碼或驗證碼。</strong>請不要告訴任何人。</p>',
      },
    },
  },
];
