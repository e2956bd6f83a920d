import type { ArticleKind, ArticleTag, Locale } from '@tradewind/contract';

interface DemoText {
  title: string;
  summary: string;
  content: string;
}

export interface DemoArticle {
  key: string;
  kind: ArticleKind;
  tag: ArticleTag;
  hoursAgo: number;
  /** Instrument codes the article is about (migration 0030 tags an existing install's copy the same way). */
  codes: string[];
  translations: Partial<Record<Locale, DemoText>> & { en: DemoText };
}

/**
 * The demo news and notices of a fresh install. Every article is in English, German, Japanese and
 * both Chinese scripts; the notices also in Hindi and Thai. A Hindi or Thai reader of the news gets
 * the English text, which shows the fallback working.
 */
export const demoArticles: DemoArticle[] = [
  {
    key: 'demo-news-fed',
    kind: 'news',
    tag: 'markets',
    hoursAgo: 3,
    codes: ['SPY', 'QQQ', 'AAPL', 'MSFT', 'EURUSD', 'USDJPY'],
    translations: {
      en: {
        title: 'Fed holds rates steady as markets look to a spring cut',
        summary: 'The Federal Reserve left its benchmark rate unchanged; futures now price a first cut by spring.',
        content:
          '<p>The Federal Reserve kept the federal funds target range unchanged at its latest meeting, citing cooling but still above-target inflation.</p><h3>What it means for traders</h3><ul><li>Rate futures now price a first cut by spring.</li><li>Growth stocks and long-dated Treasuries rallied after the statement.</li><li>The US dollar eased against the yen and the euro.</li></ul><p>Volatility often rises around central bank decisions. Consider limit orders and position sizes that fit your risk.</p>',
      },
      de: {
        title: 'Fed lässt Zinsen unverändert – Märkte setzen auf Senkung im Frühjahr',
        summary: 'Die US-Notenbank hält den Leitzins; Terminmärkte preisen eine erste Senkung bis zum Frühjahr ein.',
        content:
          '<p>Die Federal Reserve hat das Zielband für den Leitzins bei ihrer jüngsten Sitzung unverändert gelassen. Die Inflation kühlt ab, liegt aber weiter über dem Ziel.</p><h3>Was das für Anleger bedeutet</h3><ul><li>Zinsfutures preisen eine erste Senkung bis zum Frühjahr ein.</li><li>Wachstumswerte und lang laufende Staatsanleihen legten nach der Erklärung zu.</li><li>Der US-Dollar gab gegenüber Yen und Euro nach.</li></ul><p>Rund um Notenbankentscheidungen steigt oft die Volatilität. Nutzen Sie Limit-Orders und Positionsgrößen, die zu Ihrem Risiko passen.</p>',
      },
      ja: {
        title: 'FRBが金利据え置き、市場は春の利下げを織り込む',
        summary: 'FRBは政策金利を据え置き、金利先物は春までの初回利下げを織り込んでいます。',
        content:
          '<p>米連邦準備制度理事会（FRB）は直近の会合でフェデラルファンド金利の誘導目標を据え置きました。インフレは鈍化しているものの、依然として目標を上回っています。</p><h3>投資家への影響</h3><ul><li>金利先物は春までの初回利下げを織り込んでいます。</li><li>声明後、グロース株と長期国債が上昇しました。</li><li>米ドルは円とユーロに対して下落しました。</li></ul><p>金融政策の発表前後は値動きが大きくなりがちです。指値注文やリスクに見合ったポジションサイズをご検討ください。</p>',
      },
      'zh-CN': {
        title: '美联储维持利率不变，市场押注春季降息',
        summary: '美联储按兵不动，利率期货目前已计入春季前的首次降息。',
        content:
          '<p>美联储在最近一次会议上维持联邦基金利率目标区间不变，称通胀虽在降温但仍高于目标。</p><h3>对交易者意味着什么</h3><ul><li>利率期货目前计入春季前的首次降息。</li><li>声明发布后，成长股和长期美债上涨。</li><li>美元兑日元和欧元走软。</li></ul><p>央行决议前后波动往往加大，请考虑使用限价单并控制与风险相匹配的仓位。</p>',
      },
      'zh-TW': {
        title: '聯準會維持利率不變，市場押注春季降息',
        summary: '聯準會按兵不動，利率期貨目前已反映春季前的首次降息。',
        content:
          '<p>美國聯準會在最近一次會議上維持聯邦基金利率目標區間不變，表示通膨雖在降溫但仍高於目標。</p><h3>對交易者的意義</h3><ul><li>利率期貨目前反映春季前的首次降息。</li><li>聲明發布後，成長股與長天期美債上漲。</li><li>美元兌日圓與歐元走弱。</li></ul><p>央行決議前後波動往往加大，請考慮使用限價單並控制與風險相符的部位。</p>',
      },
    },
  },
  {
    key: 'demo-news-chips',
    kind: 'news',
    tag: 'earnings',
    hoursAgo: 20,
    codes: ['NVDA', 'AMD', 'TSM'],
    translations: {
      en: {
        title: 'Chipmakers lead earnings week as AI demand stays strong',
        summary: 'NVIDIA and AMD beat estimates on data-centre sales; guidance points to another record quarter.',
        content:
          '<p>Semiconductor names led the week after data-centre revenue beat analyst estimates again. Management teams pointed to sustained orders for AI accelerators well into next year.</p><h3>Key numbers</h3><table><thead><tr><th>Company</th><th>Revenue vs. estimate</th></tr></thead><tbody><tr><td>NVDA</td><td>+4.1 %</td></tr><tr><td>AMD</td><td>+2.3 %</td></tr></tbody></table><p>Shares can move sharply after results. Open the quote page to follow the price live.</p>',
      },
      de: {
        title: 'Chiphersteller führen die Berichtswoche an – KI-Nachfrage bleibt hoch',
        summary: 'NVIDIA und AMD übertreffen die Erwartungen im Rechenzentrumsgeschäft; der Ausblick deutet auf ein weiteres Rekordquartal.',
        content:
          '<p>Halbleiterwerte führten die Woche an, nachdem die Umsätze mit Rechenzentren die Schätzungen der Analysten erneut übertrafen. Die Unternehmen berichten von anhaltenden Aufträgen für KI-Beschleuniger bis ins nächste Jahr.</p><h3>Die wichtigsten Zahlen</h3><table><thead><tr><th>Unternehmen</th><th>Umsatz ggü. Schätzung</th></tr></thead><tbody><tr><td>NVDA</td><td>+4,1 %</td></tr><tr><td>AMD</td><td>+2,3 %</td></tr></tbody></table><p>Nach Quartalszahlen können sich Kurse stark bewegen. Auf der Kursseite verfolgen Sie den Preis live.</p>',
      },
      ja: {
        title: '半導体株が決算週をけん引、AI需要は引き続き旺盛',
        summary: 'NVIDIAとAMDはデータセンター売上が予想を上回り、ガイダンスも過去最高の四半期を示唆。',
        content:
          '<p>データセンター向け売上が再びアナリスト予想を上回り、半導体銘柄が今週の相場をけん引しました。各社はAIアクセラレーターの受注が来年まで続くと説明しています。</p><h3>主な数字</h3><table><thead><tr><th>企業</th><th>売上（予想比）</th></tr></thead><tbody><tr><td>NVDA</td><td>+4.1 %</td></tr><tr><td>AMD</td><td>+2.3 %</td></tr></tbody></table><p>決算発表後は株価が大きく動くことがあります。銘柄ページでリアルタイムの価格をご確認ください。</p>',
      },
      'zh-CN': {
        title: '芯片股领涨财报周，AI 需求依旧强劲',
        summary: '英伟达和 AMD 数据中心收入超预期，业绩指引预示又一个创纪录季度。',
        content:
          '<p>数据中心收入再次超出分析师预期，半导体股领涨本周。管理层表示，AI 加速器订单将持续到明年。</p><h3>关键数据</h3><table><thead><tr><th>公司</th><th>收入较预期</th></tr></thead><tbody><tr><td>NVDA</td><td>+4.1 %</td></tr><tr><td>AMD</td><td>+2.3 %</td></tr></tbody></table><p>财报发布后股价可能大幅波动，可在行情页实时关注价格。</p>',
      },
      'zh-TW': {
        title: '晶片股領漲財報週，AI 需求依舊強勁',
        summary: '輝達與 AMD 資料中心營收優於預期，財測預示又一個創紀錄的季度。',
        content:
          '<p>資料中心營收再次優於分析師預期，半導體股領漲本週。經營團隊表示，AI 加速器訂單將延續到明年。</p><h3>關鍵數據</h3><table><thead><tr><th>公司</th><th>營收較預期</th></tr></thead><tbody><tr><td>NVDA</td><td>+4.1 %</td></tr><tr><td>AMD</td><td>+2.3 %</td></tr></tbody></table><p>財報公布後股價可能大幅波動，可在報價頁即時關注價格。</p>',
      },
    },
  },
  {
    key: 'demo-news-taiwan-odd-lots',
    kind: 'news',
    tag: 'products',
    hoursAgo: 30,
    codes: ['2330'],
    translations: {
      en: {
        title: 'Taiwan stocks: buy a single share with odd-lot orders',
        summary: 'Trade TWSE names such as TSMC from one share, or in board lots of 1,000, from your TW wallet.',
        content:
          '<p>You can now trade Taiwan-listed stocks in odd lots of 1 to 999 shares as well as whole board lots of 1,000 shares. Orders are priced in New Taiwan dollars and paid from your TW wallet.</p><ul><li>Odd lots: 1–999 shares.</li><li>Board lots: multiples of 1,000 shares.</li><li>Prices follow the exchange’s tick sizes.</li></ul><p>Find the Taiwan product page on Home to get started.</p>',
      },
      de: {
        title: 'Taiwan-Aktien: schon ab einer Aktie mit Odd-Lot-Orders',
        summary: 'Handeln Sie TWSE-Werte wie TSMC ab einer Aktie oder in Börsenlots zu 1.000 Stück aus Ihrem TW-Wallet.',
        content:
          '<p>Taiwanesische Aktien können Sie jetzt in Odd Lots von 1 bis 999 Stück sowie in ganzen Börsenlots zu 1.000 Stück handeln. Orders lauten auf Neue Taiwan-Dollar und werden aus Ihrem TW-Wallet bezahlt.</p><ul><li>Odd Lots: 1–999 Aktien.</li><li>Börsenlots: Vielfache von 1.000 Aktien.</li><li>Preise folgen den Tick-Größen der Börse.</li></ul><p>Die Taiwan-Produktseite finden Sie auf der Startseite.</p>',
      },
      ja: {
        title: '台湾株：単元未満株なら1株から購入可能',
        summary: 'TSMCなどのTWSE銘柄を1株から、または1,000株単位で、TWウォレットから取引できます。',
        content:
          '<p>台湾上場株を1〜999株の単元未満株、または1,000株単位で取引できるようになりました。注文は新台湾ドル建てで、TWウォレットから支払われます。</p><ul><li>単元未満株：1〜999株</li><li>単元株：1,000株の倍数</li><li>価格は取引所の呼値に従います。</li></ul><p>ホームの台湾株ページからご利用ください。</p>',
      },
      'zh-CN': {
        title: '台股：零股交易一股起买',
        summary: '使用 TW 钱包交易台积电等台股，可一股起买，也可按每张 1,000 股整张买入。',
        content:
          '<p>现在可以交易 1 至 999 股的台股零股，也可以交易每张 1,000 股的整张。委托以新台币计价，从 TW 钱包支付。</p><ul><li>零股：1–999 股。</li><li>整张：1,000 股的整数倍。</li><li>价格须符合交易所的升降单位。</li></ul><p>在首页进入台股产品页即可开始。</p>',
      },
      'zh-TW': {
        title: '台股：零股交易一股起買',
        summary: '使用 TW 錢包交易台積電等台股，可一股起買，也可按每張 1,000 股整張買進。',
        content:
          '<p>現在可以交易 1 至 999 股的台股零股，也可以交易每張 1,000 股的整張。委託以新台幣計價，從 TW 錢包支付。</p><ul><li>零股：1–999 股。</li><li>整張：1,000 股的整數倍。</li><li>價格須符合交易所的升降單位。</li></ul><p>在首頁進入台股產品頁即可開始。</p>',
      },
    },
  },
  {
    key: 'demo-news-leverage',
    kind: 'news',
    tag: 'education',
    hoursAgo: 52,
    codes: [],
    translations: {
      en: {
        title: 'Leverage explained: margin, liquidation and how to stay in control',
        summary: 'Leverage multiplies gains and losses alike. Learn how margin is held and when a position is liquidated.',
        content:
          '<p>With leverage you put up only part of a position’s value as margin. A 5× position of 1,000 USD needs 200 USD of margin — and a 1 % move in the price changes your profit or loss by 5 % of that margin.</p><h3>Three habits of careful traders</h3><ol><li>Choose the lowest leverage that serves your idea.</li><li>Watch the liquidation price shown on the order page.</li><li>Add margin or reduce the position before it comes close.</li></ol><p><strong>Leveraged trading carries a high risk of loss.</strong> Only trade with money you can afford to lose.</p>',
      },
      de: {
        title: 'Hebel erklärt: Margin, Liquidation und wie Sie die Kontrolle behalten',
        summary: 'Ein Hebel vervielfacht Gewinne und Verluste. So wird Margin hinterlegt und so kommt es zur Liquidation.',
        content:
          '<p>Mit Hebel hinterlegen Sie nur einen Teil des Positionswerts als Margin. Eine 5-fach gehebelte Position über 1.000 USD benötigt 200 USD Margin – und eine Kursbewegung von 1 % verändert Ihren Gewinn oder Verlust um 5 % dieser Margin.</p><h3>Drei Gewohnheiten umsichtiger Trader</h3><ol><li>Wählen Sie den kleinsten Hebel, der zu Ihrer Idee passt.</li><li>Achten Sie auf den Liquidationspreis auf der Orderseite.</li><li>Schießen Sie Margin nach oder verkleinern Sie die Position, bevor er erreicht wird.</li></ol><p><strong>Gehebelter Handel birgt ein hohes Verlustrisiko.</strong> Handeln Sie nur mit Geld, dessen Verlust Sie verkraften können.</p>',
      },
      ja: {
        title: 'レバレッジ解説：証拠金、ロスカット、リスク管理のポイント',
        summary: 'レバレッジは利益も損失も拡大します。証拠金の仕組みとロスカットの条件を確認しましょう。',
        content:
          '<p>レバレッジ取引では、ポジション価値の一部だけを証拠金として預けます。1,000 USDの5倍ポジションに必要な証拠金は200 USDで、価格が1%動くと損益は証拠金の5%分変動します。</p><h3>慎重なトレーダーの3つの習慣</h3><ol><li>アイデアに見合う最小のレバレッジを選ぶ。</li><li>注文画面に表示されるロスカット価格を確認する。</li><li>近づく前に証拠金を追加するか、ポジションを減らす。</li></ol><p><strong>レバレッジ取引には大きな損失リスクがあります。</strong>失っても問題のない資金で取引してください。</p>',
      },
      'zh-CN': {
        title: '杠杆详解：保证金、强平以及如何控制风险',
        summary: '杠杆会同时放大盈利和亏损。了解保证金如何冻结、何时触发强平。',
        content:
          '<p>使用杠杆时，您只需以保证金形式投入仓位价值的一部分。1,000 USD 的 5 倍仓位需要 200 USD 保证金——价格每变动 1 %，盈亏就变动保证金的 5 %。</p><h3>谨慎交易者的三个习惯</h3><ol><li>选择能实现交易思路的最低杠杆。</li><li>关注下单页显示的强平价格。</li><li>在价格接近强平价之前追加保证金或减仓。</li></ol><p><strong>杠杆交易具有较高的亏损风险。</strong>请仅使用可承受损失的资金进行交易。</p>',
      },
      'zh-TW': {
        title: '槓桿詳解：保證金、強制平倉以及如何控制風險',
        summary: '槓桿會同時放大獲利與虧損。了解保證金如何凍結、何時觸發強制平倉。',
        content:
          '<p>使用槓桿時，您只需以保證金形式投入部位價值的一部分。1,000 USD 的 5 倍部位需要 200 USD 保證金——價格每變動 1 %，損益就變動保證金的 5 %。</p><h3>謹慎交易者的三個習慣</h3><ol><li>選擇能實現交易想法的最低槓桿。</li><li>留意下單頁顯示的強制平倉價格。</li><li>在價格接近強平價之前追加保證金或減碼。</li></ol><p><strong>槓桿交易具有較高的虧損風險。</strong>請僅使用可承受損失的資金進行交易。</p>',
      },
    },
  },
  {
    key: 'demo-news-commodities',
    kind: 'news',
    tag: 'markets',
    hoursAgo: 75,
    // Not CL or NG: those tickers are also US stocks (Colgate, NovaGold), and a code names what the catalog finds first.
    codes: ['GC', 'SI', 'BZ'],
    translations: {
      en: {
        title: 'Oil slips on rising inventories while gold holds near its record',
        summary: 'Crude fell for a third session after a larger-than-expected stock build; gold stayed firm on safe-haven demand.',
        content:
          '<p>Crude oil futures fell for a third straight session after weekly data showed a larger-than-expected build in US inventories. Natural gas was little changed.</p><p>Gold held close to its all-time high as investors kept buying havens ahead of central bank meetings, and silver followed.</p><p>Follow metals, energy and agricultural futures on the Market tab.</p>',
      },
      de: {
        title: 'Öl gibt wegen steigender Lagerbestände nach, Gold bleibt nahe Rekordhoch',
        summary: 'Rohöl fiel den dritten Tag in Folge nach einem unerwartet starken Lageraufbau; Gold blieb als sicherer Hafen gefragt.',
        content:
          '<p>Rohöl-Futures fielen den dritten Handelstag in Folge, nachdem die Wochendaten einen unerwartet starken Aufbau der US-Lagerbestände zeigten. Erdgas blieb kaum verändert.</p><p>Gold hielt sich nahe seinem Allzeithoch, da Anleger vor den Notenbanksitzungen weiter sichere Häfen kauften; Silber zog mit.</p><p>Metall-, Energie- und Agrar-Futures verfolgen Sie im Tab Markt.</p>',
      },
      ja: {
        title: '在庫増で原油が下落、金は最高値圏を維持',
        summary: '予想を上回る在庫積み増しで原油は3日続落、金は安全資産需要で底堅い推移。',
        content:
          '<p>週間統計で米国の原油在庫が予想以上に増加したことから、原油先物は3日続落しました。天然ガスはほぼ横ばいでした。</p><p>中央銀行の会合を控えて安全資産への買いが続き、金は史上最高値近辺を維持し、銀も追随しました。</p><p>金属・エネルギー・農産物の先物はマーケットタブでご確認いただけます。</p>',
      },
      'zh-CN': {
        title: '库存增加令油价下滑，黄金坚守纪录高位附近',
        summary: '库存增幅超预期，原油连跌三个交易日；避险需求支撑黄金。',
        content:
          '<p>周度数据显示美国原油库存增幅超出预期，原油期货连续第三个交易日下跌。天然气基本持平。</p><p>央行会议前投资者继续买入避险资产，黄金守在历史高位附近，白银随之走强。</p><p>可在行情页关注金属、能源和农产品期货。</p>',
      },
      'zh-TW': {
        title: '庫存增加令油價下滑，黃金守在歷史高點附近',
        summary: '庫存增幅超出預期，原油連跌三個交易日；避險需求支撐黃金。',
        content:
          '<p>週度數據顯示美國原油庫存增幅超出預期，原油期貨連續第三個交易日下跌。天然氣大致持平。</p><p>央行會議前投資人持續買進避險資產，黃金守在歷史高點附近，白銀隨之走強。</p><p>可在行情頁關注金屬、能源與農產品期貨。</p>',
      },
    },
  },
  {
    key: 'demo-news-order-types',
    kind: 'news',
    tag: 'education',
    hoursAgo: 120,
    codes: [],
    translations: {
      en: {
        title: 'Limit or market order? Choosing the right one',
        summary: 'A market order fills now at the best price available; a limit order fills only at your price or better.',
        content:
          '<p>A <strong>market order</strong> is filled straight away at the best available price. It is simple, but in a fast market the price you get can differ from the one you saw.</p><p>A <strong>limit order</strong> is filled only at your limit price or better. You control the price, but the order may not be filled at all.</p><h3>Rule of thumb</h3><ul><li>Liquid stocks in calm markets: a market order is usually fine.</li><li>Fast markets, thin stocks or large orders: use a limit.</li></ul>',
      },
      de: {
        title: 'Limit- oder Market-Order? So wählen Sie richtig',
        summary: 'Eine Market-Order wird sofort zum besten verfügbaren Preis ausgeführt, eine Limit-Order nur zu Ihrem Preis oder besser.',
        content:
          '<p>Eine <strong>Market-Order</strong> wird sofort zum besten verfügbaren Preis ausgeführt. Das ist einfach, doch in schnellen Märkten kann der Ausführungspreis vom angezeigten abweichen.</p><p>Eine <strong>Limit-Order</strong> wird nur zu Ihrem Limitpreis oder besser ausgeführt. Sie bestimmen den Preis, die Order wird aber womöglich nicht ausgeführt.</p><h3>Faustregel</h3><ul><li>Liquide Aktien in ruhigen Märkten: Eine Market-Order genügt meist.</li><li>Schnelle Märkte, marktenge Werte oder große Orders: Nutzen Sie ein Limit.</li></ul>',
      },
      ja: {
        title: '指値注文と成行注文、どちらを選ぶ？',
        summary: '成行注文はその時点の最良価格ですぐに約定し、指値注文は指定価格かそれより有利な価格でのみ約定します。',
        content:
          '<p><strong>成行注文</strong>はその時点の最良価格ですぐに約定します。手軽ですが、値動きの速い相場では表示価格と約定価格がずれることがあります。</p><p><strong>指値注文</strong>は指定した価格かそれより有利な価格でのみ約定します。価格をコントロールできますが、約定しない場合もあります。</p><h3>目安</h3><ul><li>落ち着いた相場の流動性の高い銘柄：通常は成行で問題ありません。</li><li>急変時、流動性の低い銘柄、大口注文：指値を使いましょう。</li></ul>',
      },
      'zh-CN': {
        title: '限价单还是市价单？如何选择',
        summary: '市价单按当前最优价格立即成交；限价单只在您的价格或更优价格成交。',
        content:
          '<p><strong>市价单</strong>会按当前最优价格立即成交。操作简单，但在行情快速变化时，成交价可能与您看到的价格不同。</p><p><strong>限价单</strong>只会以您的限价或更优价格成交。价格由您掌控，但订单可能无法成交。</p><h3>经验法则</h3><ul><li>行情平稳时的高流动性股票：市价单通常即可。</li><li>行情剧烈、流动性差的股票或大额订单：请使用限价单。</li></ul>',
      },
      'zh-TW': {
        title: '限價單還是市價單？如何選擇',
        summary: '市價單以當下最佳價格立即成交；限價單只在您的價格或更好的價格成交。',
        content:
          '<p><strong>市價單</strong>會以當下最佳價格立即成交。操作簡單，但在行情快速變化時，成交價可能與您看到的價格不同。</p><p><strong>限價單</strong>只會以您的限價或更好的價格成交。價格由您掌控，但委託可能無法成交。</p><h3>經驗法則</h3><ul><li>行情平穩時的高流動性股票：市價單通常即可。</li><li>行情劇烈、流動性低的股票或大額委託：請使用限價單。</li></ul>',
      },
    },
  },
  {
    key: 'demo-notice-holiday',
    kind: 'notice',
    tag: 'platform',
    hoursAgo: 6,
    codes: [],
    translations: {
      en: {
        title: 'US market holiday: Thanksgiving trading hours',
        summary: 'US stock markets are closed on Thanksgiving Day and close early at 1:00 p.m. ET the day after.',
        content:
          '<p>US stock exchanges are closed on Thanksgiving Day (Thursday). On the Friday after, they close early at 1:00 p.m. Eastern Time.</p><ul><li>Orders placed while the market is closed wait for the next session.</li><li>Deposits and withdrawals are reviewed as usual.</li><li>Futures and forex follow their own exchange hours.</li></ul><p>Thank you for trading with Tradewind.</p>',
      },
      de: {
        title: 'US-Börsenfeiertag: Handelszeiten an Thanksgiving',
        summary: 'Die US-Börsen bleiben an Thanksgiving geschlossen und schließen am Tag danach früher um 13:00 Uhr ET.',
        content:
          '<p>Die US-Börsen sind an Thanksgiving (Donnerstag) geschlossen. Am darauffolgenden Freitag schließen sie früher, um 13:00 Uhr Eastern Time.</p><ul><li>Orders, die bei geschlossener Börse erteilt werden, warten auf die nächste Sitzung.</li><li>Ein- und Auszahlungen werden wie gewohnt geprüft.</li><li>Futures und Devisen folgen den Zeiten ihrer eigenen Börsen.</li></ul><p>Danke, dass Sie mit Tradewind handeln.</p>',
      },
      hi: {
        title: 'अमेरिकी बाज़ार अवकाश: थैंक्सगिविंग पर ट्रेडिंग समय',
        summary: 'थैंक्सगिविंग के दिन अमेरिकी शेयर बाज़ार बंद रहेंगे और अगले दिन दोपहर 1:00 बजे ET पर जल्दी बंद होंगे।',
        content:
          '<p>थैंक्सगिविंग (गुरुवार) के दिन अमेरिकी स्टॉक एक्सचेंज बंद रहेंगे। अगले शुक्रवार को वे ईस्टर्न टाइम दोपहर 1:00 बजे जल्दी बंद होंगे।</p><ul><li>बाज़ार बंद रहने के दौरान दिए गए ऑर्डर अगले सत्र की प्रतीक्षा करेंगे।</li><li>जमा और निकासी की समीक्षा सामान्य रूप से होगी।</li><li>फ़्यूचर्स और फ़ॉरेक्स अपने एक्सचेंज के समय का पालन करते हैं।</li></ul><p>Tradewind के साथ ट्रेड करने के लिए धन्यवाद।</p>',
      },
      ja: {
        title: '米国市場休場：サンクスギビングの取引時間',
        summary: '米国株式市場はサンクスギビング当日は休場、翌日は米東部時間13:00に短縮取引で終了します。',
        content:
          '<p>米国の証券取引所はサンクスギビング（木曜日）は休場です。翌金曜日は米東部時間13:00に取引を早めに終了します。</p><ul><li>休場中に発注された注文は次の取引時間まで待機します。</li><li>入出金の審査は通常どおり行います。</li><li>先物とFXは各取引所の取引時間に従います。</li></ul><p>Tradewindをご利用いただきありがとうございます。</p>',
      },
      th: {
        title: 'วันหยุดตลาดสหรัฐฯ: เวลาซื้อขายช่วงวันขอบคุณพระเจ้า',
        summary: 'ตลาดหุ้นสหรัฐฯ ปิดทำการในวันขอบคุณพระเจ้า และปิดเร็วเวลา 13:00 น. ET ในวันถัดไป',
        content:
          '<p>ตลาดหลักทรัพย์สหรัฐฯ ปิดทำการในวันขอบคุณพระเจ้า (วันพฤหัสบดี) และในวันศุกร์ถัดไปจะปิดเร็วขึ้นเวลา 13:00 น. ตามเวลาตะวันออกของสหรัฐฯ</p><ul><li>คำสั่งที่ส่งระหว่างตลาดปิดจะรอจนถึงรอบการซื้อขายถัดไป</li><li>การฝากและถอนเงินจะได้รับการตรวจสอบตามปกติ</li><li>ฟิวเจอร์สและฟอเร็กซ์เป็นไปตามเวลาของตลาดนั้น ๆ</li></ul><p>ขอบคุณที่ซื้อขายกับ Tradewind</p>',
      },
      'zh-CN': {
        title: '美股休市：感恩节交易时间',
        summary: '感恩节当天美股休市，次日于美东时间 13:00 提前收盘。',
        content:
          '<p>感恩节（周四）当天美国证券交易所休市。次日周五将于美东时间 13:00 提前收盘。</p><ul><li>休市期间提交的订单将等待下一个交易时段。</li><li>充值和提现照常审核。</li><li>期货和外汇按各自交易所的时间交易。</li></ul><p>感谢您选择 Tradewind。</p>',
      },
      'zh-TW': {
        title: '美股休市：感恩節交易時間',
        summary: '感恩節當天美股休市，隔日於美東時間 13:00 提前收盤。',
        content:
          '<p>感恩節（週四）當天美國證券交易所休市。隔日週五將於美東時間 13:00 提前收盤。</p><ul><li>休市期間送出的委託將等待下一個交易時段。</li><li>入金與出金照常審核。</li><li>期貨與外匯依各自交易所的時間交易。</li></ul><p>感謝您選擇 Tradewind。</p>',
      },
    },
  },
  {
    key: 'demo-notice-maintenance',
    kind: 'notice',
    tag: 'platform',
    hoursAgo: 28,
    codes: [],
    translations: {
      en: {
        title: 'Scheduled maintenance on Sunday, 02:00–04:00 UTC',
        summary: 'The app will be briefly unavailable while we upgrade our systems. Open positions are not affected.',
        content:
          '<p>We will upgrade our systems on Sunday between 02:00 and 04:00 UTC. During this window you may be unable to log in, deposit or place orders.</p><p>Open positions, pending orders and your balances are not affected. We will announce here as soon as the work is done.</p>',
      },
      de: {
        title: 'Geplante Wartung am Sonntag, 02:00–04:00 UTC',
        summary: 'Die App ist während eines System-Upgrades kurz nicht erreichbar. Offene Positionen sind nicht betroffen.',
        content:
          '<p>Am Sonntag zwischen 02:00 und 04:00 UTC aktualisieren wir unsere Systeme. In dieser Zeit können Anmeldung, Einzahlungen und Orders vorübergehend nicht möglich sein.</p><p>Offene Positionen, ausstehende Orders und Ihre Guthaben sind nicht betroffen. Wir informieren Sie hier, sobald die Arbeiten abgeschlossen sind.</p>',
      },
      hi: {
        title: 'रविवार, 02:00–04:00 UTC निर्धारित रखरखाव',
        summary: 'सिस्टम अपग्रेड के दौरान ऐप कुछ समय के लिए उपलब्ध नहीं रहेगा। खुली पोज़िशन प्रभावित नहीं होंगी।',
        content:
          '<p>हम रविवार को 02:00 से 04:00 UTC के बीच अपने सिस्टम अपग्रेड करेंगे। इस दौरान लॉग इन, जमा या ऑर्डर देना संभव नहीं हो सकता है।</p><p>खुली पोज़िशन, लंबित ऑर्डर और आपकी शेष राशि प्रभावित नहीं होंगी। काम पूरा होते ही हम यहाँ सूचना देंगे।</p>',
      },
      ja: {
        title: '日曜日 02:00〜04:00（UTC）定期メンテナンスのお知らせ',
        summary: 'システム更新のため、アプリを一時的にご利用いただけません。保有ポジションへの影響はありません。',
        content:
          '<p>日曜日の02:00〜04:00（UTC）にシステムの更新を行います。この間、ログイン、入金、注文ができない場合があります。</p><p>保有ポジション、未約定の注文、残高には影響ありません。作業完了後、こちらでお知らせします。</p>',
      },
      th: {
        title: 'ปิดปรับปรุงระบบวันอาทิตย์ 02:00–04:00 UTC',
        summary: 'แอปจะใช้งานไม่ได้ชั่วคราวระหว่างการอัปเกรดระบบ โพซิชันที่เปิดอยู่จะไม่ได้รับผลกระทบ',
        content:
          '<p>เราจะอัปเกรดระบบในวันอาทิตย์ระหว่างเวลา 02:00 ถึง 04:00 UTC ในช่วงเวลานี้คุณอาจไม่สามารถเข้าสู่ระบบ ฝากเงิน หรือส่งคำสั่งซื้อขายได้</p><p>โพซิชันที่เปิดอยู่ คำสั่งที่รอดำเนินการ และยอดเงินของคุณจะไม่ได้รับผลกระทบ เราจะแจ้งที่นี่ทันทีเมื่อดำเนินการเสร็จ</p>',
      },
      'zh-CN': {
        title: '周日 02:00–04:00（UTC）系统维护公告',
        summary: '系统升级期间应用将短暂无法使用，已持有的仓位不受影响。',
        content:
          '<p>我们将于周日 02:00 至 04:00（UTC）升级系统。在此期间，您可能无法登录、充值或下单。</p><p>持仓、未成交订单和账户余额均不受影响。维护完成后我们将在此通知。</p>',
      },
      'zh-TW': {
        title: '週日 02:00–04:00（UTC）系統維護公告',
        summary: '系統升級期間應用程式將短暫無法使用，現有部位不受影響。',
        content:
          '<p>我們將於週日 02:00 至 04:00（UTC）升級系統。在此期間，您可能無法登入、入金或下單。</p><p>持有部位、未成交委託與帳戶餘額均不受影響。維護完成後我們將在此通知。</p>',
      },
    },
  },
  {
    key: 'demo-notice-scams',
    kind: 'notice',
    tag: 'platform',
    hoursAgo: 96,
    codes: [],
    translations: {
      en: {
        title: 'Beware of scams impersonating Tradewind',
        summary: 'We never ask for your password or pay password, and never ask you to pay into a personal account.',
        content:
          '<p>Fraudsters may pose as Tradewind staff on social media, by phone or in chat groups. Please remember:</p><ul><li>We will <strong>never</strong> ask for your login password, pay password or verification codes.</li><li>Deposits go only to the channels shown on the deposit page in the app.</li><li>We do not promise guaranteed returns.</li></ul><p>If in doubt, contact customer service from inside the app.</p>',
      },
      de: {
        title: 'Vorsicht vor Betrügern, die sich als Tradewind ausgeben',
        summary: 'Wir fragen nie nach Ihrem Passwort oder Zahlungspasswort und bitten nie um Zahlungen auf private Konten.',
        content:
          '<p>Betrüger geben sich in sozialen Netzwerken, am Telefon oder in Chatgruppen als Tradewind-Mitarbeiter aus. Bitte beachten Sie:</p><ul><li>Wir fragen Sie <strong>niemals</strong> nach Ihrem Login-Passwort, Zahlungspasswort oder Bestätigungscodes.</li><li>Einzahlungen gehen nur an die Kanäle auf der Einzahlungsseite der App.</li><li>Wir versprechen keine garantierten Renditen.</li></ul><p>Im Zweifel wenden Sie sich über die App an den Kundenservice.</p>',
      },
      hi: {
        title: 'Tradewind के नाम पर होने वाली धोखाधड़ी से सावधान रहें',
        summary: 'हम कभी आपका पासवर्ड या पे पासवर्ड नहीं माँगते और कभी किसी निजी खाते में भुगतान करने को नहीं कहते।',
        content:
          '<p>धोखेबाज़ सोशल मीडिया, फ़ोन या चैट समूहों में Tradewind कर्मचारी बनकर संपर्क कर सकते हैं। कृपया याद रखें:</p><ul><li>हम <strong>कभी भी</strong> आपका लॉगिन पासवर्ड, पे पासवर्ड या सत्यापन कोड नहीं माँगेंगे।</li><li>जमा केवल ऐप के जमा पेज पर दिखाए गए माध्यमों से ही करें।</li><li>हम गारंटीड रिटर्न का वादा नहीं करते।</li></ul><p>संदेह होने पर ऐप के अंदर से ग्राहक सेवा से संपर्क करें।</p>',
      },
      ja: {
        title: 'Tradewindをかたる詐欺にご注意ください',
        summary: '当社がパスワードや取引パスワードを尋ねたり、個人口座への振込を依頼したりすることはありません。',
        content:
          '<p>SNS、電話、チャットグループなどでTradewindの社員を名乗る詐欺が確認されています。以下の点にご注意ください。</p><ul><li>当社がログインパスワード、取引パスワード、認証コードを尋ねることは<strong>決して</strong>ありません。</li><li>入金はアプリの入金ページに表示される方法のみをご利用ください。</li><li>当社が利回りを保証することはありません。</li></ul><p>不審に思われた場合は、アプリ内のカスタマーサービスへご連絡ください。</p>',
      },
      th: {
        title: 'ระวังมิจฉาชีพแอบอ้างเป็น Tradewind',
        summary: 'เราไม่เคยขอรหัสผ่านหรือรหัสผ่านการชำระเงิน และไม่เคยให้โอนเงินเข้าบัญชีส่วนตัว',
        content:
          '<p>มิจฉาชีพอาจแอบอ้างเป็นพนักงาน Tradewind ทางโซเชียลมีเดีย โทรศัพท์ หรือกลุ่มแชต โปรดจำไว้ว่า</p><ul><li>เรา<strong>ไม่เคย</strong>ขอรหัสผ่านเข้าสู่ระบบ รหัสผ่านการชำระเงิน หรือรหัสยืนยันของคุณ</li><li>ฝากเงินผ่านช่องทางที่แสดงในหน้าฝากเงินของแอปเท่านั้น</li><li>เราไม่รับประกันผลตอบแทน</li></ul><p>หากสงสัย โปรดติดต่อฝ่ายบริการลูกค้าจากภายในแอป</p>',
      },
      'zh-CN': {
        title: '谨防冒充 Tradewind 的诈骗',
        summary: '我们绝不会索要您的登录密码或交易密码，也绝不会要求您向个人账户付款。',
        content:
          '<p>诈骗分子可能在社交媒体、电话或聊天群中冒充 Tradewind 工作人员。请牢记：</p><ul><li>我们<strong>绝不会</strong>索要您的登录密码、交易密码或验证码。</li><li>请仅通过应用内充值页面显示的渠道充值。</li><li>我们不承诺保本或保证收益。</li></ul><p>如有疑问，请通过应用内的客服与我们联系。</p>',
      },
      'zh-TW': {
        title: '謹防冒充 Tradewind 的詐騙',
        summary: '我們絕不會索取您的登入密碼或交易密碼，也絕不會要求您匯款至個人帳戶。',
        content:
          '<p>詐騙分子可能在社群媒體、電話或聊天群組中冒充 Tradewind 工作人員。請牢記：</p><ul><li>我們<strong>絕不會</strong>索取您的登入密碼、交易密碼或驗證碼。</li><li>請僅透過應用程式內入金頁面顯示的管道入金。</li><li>我們不承諾保本或保證獲利。</li></ul><p>如有疑問，請透過應用程式內的客服與我們聯繫。</p>',
      },
    },
  },
];
