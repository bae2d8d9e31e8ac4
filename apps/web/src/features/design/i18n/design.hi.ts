import type { designPageEn } from './design.en.ts';

/** The design-system page's words (hi). */
export const designPageHi: typeof designPageEn = {
  title: 'डिज़ाइन प्रणाली',
  intro: 'Signet का हर रंग और हर घटक, अपनी हर अवस्था में। यह पृष्ठ Signet बनाने वालों के लिए है: यह मेनू में नहीं है।',
  language: 'भाषा',
  sections: {
    statuses: 'स्थिति के रंग',
    statusesHint:
      'हर स्थिति का एक रंग, बैज, सूचियों, चार्ट, रिपोर्ट और समयरेखा में एक जैसा। हर अंक के पास का बिंदु वह रंग है जो चार्ट में आता है।',
    epak: 'ई-पैक की स्थितियाँ',
    signer: 'हस्ताक्षरकर्ता की स्थितियाँ',
    step: 'वर्कफ़्लो चरण की स्थितियाँ',
    recipients: 'प्राप्तकर्ता के रंग',
    recipientsHint:
      'हर प्राप्तकर्ता का एक रंग, वर्कफ़्लो के क्रम में, टैग संपादक से हस्ताक्षर दृश्य तक। नाम उसके रंग के पास लिखा जाता है, उस रंग में नहीं।',
    components: 'घटक',
    pageHeader: 'पृष्ठ शीर्षक',
    emptyState: 'खाली स्थिति',
    flowSteps: 'चरण-सूचक',
    flowStepsHint:
      'कई चरणों वाला काम कहाँ तक पहुँचा है। फ़ोन पर मौजूदा चरण के अलावा बाकी चरण केवल संख्या के रूप में दिखते हैं।',
    statusBadge: 'स्थिति बैज',
    recipientSwatch: 'प्राप्तकर्ता का रंग-चिह्न',
    type: 'अक्षर',
    spacing: 'दूरी',
    radius: 'कोने',
    icons: 'आइकन',
    timeline: 'समयरेखा',
    timelineHint:
      'क्या हुआ: हर घटना एक वाक्य में, किसने किया, घटना की स्थिति के रंग में; कितनी देर पहले, और पूरी तारीख़ होवर करने पर।',
  },
  contrast: 'सफ़ेद पर {{ratio}}:1',
  recipient: 'प्राप्तकर्ता {{n}}',
  light: 'बैज',
  dot: 'बिंदु',
  unknown: 'ऐसी स्थिति जिसे ऐप नहीं जानता',
  sample: {
    timeline1: 'Carlos Custodian ने ई-पैक भेजा',
    timeline2: 'Sara Signer ने Offer letter पर हस्ताक्षर किए',
    timeline3: 'Sara Signer ने ई-पैक अस्वीकार किया',
    timeline4: 'ई-पैक की अवधि समाप्त हो गई',
    timelineReason: 'ये तारीख़ें मेरे लिए ठीक नहीं हैं।',
    title: 'अनुबंध',
    description: 'इस तिमाही हस्ताक्षर के लिए भेजा गया सब कुछ।',
    primary: 'रचना करें',
    secondary: 'निर्यात करें',
    titleOnly: 'बिना विवरण या कार्रवाई वाला पृष्ठ',
    emptyTitle: 'अभी कोई दस्तावेज़ नहीं',
    emptyText: 'शुरू करने के लिए PDF या Word फ़ाइल अपलोड करें।',
    emptyAction: 'दस्तावेज़ अपलोड करें',
    emptyQuiet: 'आपके लिए कुछ भी प्रतीक्षा में नहीं है।',
    compact: 'छोटा, कार्ड के अंदर',
    heading: 'शीर्षक {{n}}',
    body: 'जहाँ पृष्ठ कहे वहाँ हस्ताक्षर करें; बाकी आपके लिए भरा जाता है।',
    size: 'पाठ {{size}}',
  },
};
