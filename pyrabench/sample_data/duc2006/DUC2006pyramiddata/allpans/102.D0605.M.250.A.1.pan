<?xml version="1.0"?>
<!DOCTYPE peerAnnotation [
 <!ELEMENT peerAnnotation (pyramid,annotation)>
 <!ELEMENT annotation (text,peerscu+)>
 <!ELEMENT peerscu (contributor)*>
 <!ATTLIST peerscu uid CDATA #REQUIRED
                   label CDATA #REQUIRED
                   comment CDATA #IMPLIED>

 <!ELEMENT pyramid (startDocumentRegEx?,text,scu*)>
 <!ELEMENT startDocumentRegEx (#PCDATA)>
 <!ELEMENT text (line*)>
 <!ELEMENT line (#PCDATA)>
 <!ELEMENT scu (contributor)+>
 <!ATTLIST scu uid CDATA #REQUIRED
               label CDATA #REQUIRED
               comment CDATA #IMPLIED>
 <!ELEMENT contributor (part)+>
 <!ATTLIST contributor label CDATA #REQUIRED
                       comment CDATA #IMPLIED>
 <!ELEMENT part EMPTY>
 <!ATTLIST part label CDATA #REQUIRED
                start CDATA #REQUIRED
                end   CDATA #REQUIRED>

]>

<peerAnnotation>
<pyramid>
<startDocumentRegEx><![CDATA[[-]*\n(\s*)D[0-9]*\.M\.250\.[A-Z]\.[A-Z]\n[-]*\n]]></startDocumentRegEx>
 <text>
  <line></line>
  <line>---------------</line>
  <line>D0605.M.250.A.A</line>
  <line>---------------</line>
  <line></line>
  <line>The shots are free of charge for every child.</line>
  <line>A children's charity paid for the vaccines.</line>
  <line>The drive, the report said, will run for two weeks.</line>
  <line>False rumours spread on social media.</line>
  <line>The Hale &amp; Moss clinic runs mobile teams in villages.</line>
  <line>Officials, a spokesman said, expect the outbreak to slow.</line>
  <line>Three young children died from measles in March.</line>
  <line></line>
  <line>---------------</line>
  <line>D0605.M.250.A.B</line>
  <line>---------------</line>
  <line></line>
  <line>The drive aims to reach fifty thousand children.</line>
  <line>Cold boxes keep the vaccines cold.</line>
  <line>Cases of measles rose sharply this year in the region.</line>
  <line>An international donor paid for the vaccines.</line>
  <line>A number of families are afraid of the vaccine for their children in Port Lenna.</line>
  <line>The health minister, a spokesman said, was vaccinated in public.</line>
  <line>Health officials hope to stop the outbreak.</line>
  <line>Turnout exceeded targets on day one.</line>
  <line>Three young children died of measles last month.</line>
  <line>The drive lasts two weeks.</line>
  <line></line>
  <line>---------------</line>
  <line>D0605.M.250.A.C</line>
  <line>---------------</line>
  <line></line>
  <line>The campaign, the report said, hopes to vaccinate fifty thousand children.</line>
  <line>The Hale &amp; Moss clinic sends mobile teams to remote villages.</line>
  <line>Three children died from measles in March.</line>
  <line>The campaign will run for two weeks.</line>
  <line>Schools serve as clinics.</line>
  <line>The number of children, residents reported, was high on the first day.</line>
  <line>Volunteer nurses go from door to door in poor districts.</line>
  <line>A measles vaccine drive, a spokesman said, began in Port Lenna.</line>
  <line></line>
  <line>---------------</line>
  <line>D0605.M.250.A.E</line>
  <line>---------------</line>
  <line></line>
  <line>The campaign lasts two weeks.</line>
  <line>Rumours about side effects spread online.</line>
  <line>Three children died of measles last month.</line>
  <line>Officials hope to stop the outbreak.</line>
  <line>Turnout was high on the first day.</line>
  <line>Solar fridges store the doses in villages.</line>
  <line>An international donor funded the vaccine doses.</line>
 </text>
 <scu uid="1" label="A measles vaccine drive began">
  <contributor label="A measles vaccine drive...began in Port Lenna">
   <part label="A measles vaccine drive" start="1350" end="1373"/>
   <part label="began in Port Lenna" start="1393" end="1412"/>
  </contributor>
 </scu>
 <scu uid="2" label="The drive targets fifty thousand children">
  <contributor label="The drive aims to reach fifty thousand children">
   <part label="The drive aims to reach fifty thousand children" start="441" end="488"/>
  </contributor>
  <contributor label="The campaign...hopes to vaccinate fifty thousand children">
   <part label="The campaign" start="979" end="991"/>
   <part label="hopes to vaccinate fifty thousand children" start="1010" end="1052"/>
  </contributor>
 </scu>
 <scu uid="3" label="Measles cases rose sharply">
  <contributor label="Cases of measles rose sharply this year in the region">
   <part label="Cases of measles rose sharply this year in the region" start="525" end="578"/>
  </contributor>
 </scu>
 <scu uid="4" label="Vaccines are free">
  <contributor label="The shots are free of charge for every child">
   <part label="The shots are free of charge for every child" start="50" end="94"/>
  </contributor>
 </scu>
 <scu uid="5" label="Schools serve as clinics">
  <contributor label="Schools serve as clinics">
   <part label="Schools serve as clinics" start="1196" end="1220"/>
  </contributor>
 </scu>
 <scu uid="6" label="The Hale &amp; Moss clinic runs mobile teams">
  <contributor label="The Hale &amp; Moss clinic runs mobile teams in villages">
   <part label="The Hale &amp;amp; Moss clinic runs mobile teams in villages" start="230" end="282"/>
  </contributor>
  <contributor label="The Hale &amp; Moss clinic sends mobile teams to remote villages">
   <part label="The Hale &amp; Moss clinic sends mobile teams to remote villages" start="1054" end="1114"/>
  </contributor>
 </scu>
 <scu uid="7" label="Some parents refuse vaccines">
  <contributor label="A number of families are afraid of the vaccine for their children in Port Lenna">
   <part label="A number of families are afraid of the vaccine for their children in Port Lenna" start="626" end="705"/>
  </contributor>
 </scu>
 <scu uid="8" label="Rumours spread online">
  <contributor label="False rumours spread on social media">
   <part label="False rumours spread on social media" start="192" end="228"/>
  </contributor>
  <contributor label="Rumours about side effects spread online">
   <part label="Rumours about side effects spread online" start="1494" end="1534"/>
  </contributor>
 </scu>
 <scu uid="9" label="Nurses go door to door">
  <contributor label="Volunteer nurses go from door to door in poor districts">
   <part label="Volunteer nurses go from door to door in poor districts" start="1293" end="1348"/>
  </contributor>
 </scu>
 <scu uid="10" label="The health minister got vaccinated publicly">
  <contributor label="The health minister...was vaccinated in public">
   <part label="The health minister" start="707" end="726"/>
   <part label="was vaccinated in public" start="746" end="770"/>
  </contributor>
 </scu>
 <scu uid="11" label="The campaign lasts two weeks">
  <contributor label="The drive...will run for two weeks">
   <part label="The drive" start="140" end="149"/>
   <part label="will run for two weeks" start="168" end="190"/>
  </contributor>
  <contributor label="The drive lasts two weeks">
   <part label="The drive lasts two weeks" start="902" end="927"/>
  </contributor>
  <contributor label="The campaign will run for two weeks">
   <part label="The campaign will run for two weeks" start="1159" end="1194"/>
  </contributor>
  <contributor label="The campaign lasts two weeks">
   <part label="The campaign lasts two weeks" start="1464" end="1492"/>
  </contributor>
 </scu>
 <scu uid="12" label="A donor paid for the vaccines">
  <contributor label="A children's charity paid for the vaccines">
   <part label="A children's charity paid for the vaccines" start="96" end="138"/>
  </contributor>
  <contributor label="An international donor paid for the vaccines">
   <part label="An international donor paid for the vaccines" start="580" end="624"/>
  </contributor>
  <contributor label="An international donor funded the vaccine doses">
   <part label="An international donor funded the vaccine doses" start="1694" end="1741"/>
  </contributor>
 </scu>
 <scu uid="13" label="Three children died of measles">
  <contributor label="Three young children died from measles in March">
   <part label="Three young children died from measles in March" start="342" end="389"/>
  </contributor>
  <contributor label="Three young children died of measles last month">
   <part label="Three young children died of measles last month" start="853" end="900"/>
  </contributor>
  <contributor label="Three children died from measles in March">
   <part label="Three children died from measles in March" start="1116" end="1157"/>
  </contributor>
  <contributor label="Three children died of measles last month">
   <part label="Three children died of measles last month" start="1536" end="1577"/>
  </contributor>
 </scu>
 <scu uid="14" label="Fridges keep the vaccines cold">
  <contributor label="Cold boxes keep the vaccines cold">
   <part label="Cold boxes keep the vaccines cold" start="490" end="523"/>
  </contributor>
  <contributor label="Solar fridges store the doses in villages">
   <part label="Solar fridges store the doses in villages" start="1651" end="1692"/>
  </contributor>
 </scu>
 <scu uid="15" label="Turnout was high on the first day">
  <contributor label="Turnout exceeded targets on day one">
   <part label="Turnout exceeded targets on day one" start="816" end="851"/>
  </contributor>
  <contributor label="The number of children...was high on the first day">
   <part label="The number of children" start="1222" end="1244"/>
   <part label="was high on the first day" start="1266" end="1291"/>
  </contributor>
  <contributor label="Turnout was high on the first day">
   <part label="Turnout was high on the first day" start="1616" end="1649"/>
  </contributor>
 </scu>
 <scu uid="16" label="Officials hope to stop the outbreak">
  <contributor label="Officials...expect the outbreak to slow">
   <part label="Officials" start="284" end="293"/>
   <part label="expect the outbreak to slow" start="313" end="340"/>
  </contributor>
  <contributor label="Health officials hope to stop the outbreak">
   <part label="Health officials hope to stop the outbreak" start="772" end="814"/>
  </contributor>
  <contributor label="Officials hope to stop the outbreak">
   <part label="Officials hope to stop the outbreak" start="1579" end="1614"/>
  </contributor>
 </scu>
</pyramid>
<annotation>
 <text>
  <line>The port reopened after a storm.</line>
  <line>A music festival drew large crowds.</line>
  <line>The health minister was vaccinated in public.</line>
  <line>The vaccines are given for free for all children in Port Lenna.</line>
  <line>Some parents are afraid of the vaccine for their children in Port Lenna.</line>
  <line>False rumours spread online.</line>
  <line>The campaign, officials said, hopes to vaccinate fifty thousand children.</line>
  <line>The Hale &amp; Moss clinic sends mobile teams to remote villages.</line>
  <line>Health officials hope to stop the outbreak.</line>
  <line>Measles cases rose sharply this year in the region.</line>
  <line>Three young children died from measles in March.</line>
 </text>
 <peerscu uid="11" label="(4) The campaign lasts two weeks">
 </peerscu>
 <peerscu uid="13" label="(4) Three children died of measles">
  <contributor label="Three young children died from measles in March">
   <part label="Three young children died from measles in March" start="513" end="560"/>
  </contributor>
 </peerscu>
 <peerscu uid="12" label="(3) A donor paid for the vaccines">
 </peerscu>
 <peerscu uid="16" label="(3) Officials hope to stop the outbreak">
  <contributor label="Health officials hope to stop the outbreak">
   <part label="Health officials hope to stop the outbreak" start="417" end="459"/>
  </contributor>
 </peerscu>
 <peerscu uid="15" label="(3) Turnout was high on the first day">
 </peerscu>
 <peerscu uid="14" label="(2) Fridges keep the vaccines cold">
 </peerscu>
 <peerscu uid="8" label="(2) Rumours spread online">
  <contributor label="False rumours spread online">
   <part label="False rumours spread online" start="252" end="279"/>
  </contributor>
 </peerscu>
 <peerscu uid="6" label="(2) The Hale &amp; Moss clinic runs mobile teams">
  <contributor label="The Hale &amp; Moss clinic sends mobile teams to remote villages">
   <part label="The Hale &amp; Moss clinic sends mobile teams to remote villages" start="355" end="415"/>
  </contributor>
 </peerscu>
 <peerscu uid="2" label="(2) The drive targets fifty thousand children">
  <contributor label="The campaign...hopes to vaccinate fifty thousand children">
   <part label="The campaign" start="281" end="293"/>
   <part label="hopes to vaccinate fifty thousand children" start="311" end="353"/>
  </contributor>
 </peerscu>
 <peerscu uid="1" label="(1) A measles vaccine drive began">
 </peerscu>
 <peerscu uid="3" label="(1) Measles cases rose sharply">
  <contributor label="Measles cases rose sharply this year in the region">
   <part label="Measles cases rose sharply this year in the region" start="461" end="511"/>
  </contributor>
 </peerscu>
 <peerscu uid="9" label="(1) Nurses go door to door">
 </peerscu>
 <peerscu uid="5" label="(1) Schools serve as clinics">
 </peerscu>
 <peerscu uid="7" label="(1) Some parents refuse vaccines">
  <contributor label="Some parents are afraid of the vaccine for their children in Port Lenna">
   <part label="Some parents are afraid of the vaccine for their children in Port Lenna" start="179" end="250"/>
  </contributor>
 </peerscu>
 <peerscu uid="10" label="(1) The health minister got vaccinated publicly">
  <contributor label="The health minister was vaccinated in public">
   <part label="The health minister was vaccinated in public" start="69" end="113"/>
  </contributor>
 </peerscu>
 <peerscu uid="4" label="(1) Vaccines are free">
  <contributor label="The vaccines are given for free for all children in Port Lenna">
   <part label="The vaccines are given for free for all children in Port Lenna" start="115" end="177"/>
  </contributor>
 </peerscu>
 <peerscu uid="0" label="All non-matching SCUs go here">
  <contributor label="The port reopened after a storm">
   <part label="The port reopened after a storm" start="0" end="31"/>
  </contributor>
 </peerscu>
</annotation>
</peerAnnotation>
